import { z } from 'zod';
import { calendarDaySchema, MAX_RECORD_ID } from '../contracts/input-bounds';
import { isPhoneNumberText, normalisePhoneNumber } from '../contracts/member.contract';

/**
 * The field kinds an entity is described with (docs/resources.md "Entities"). Each kind knows, once:
 * its input schema (what store and update take, blanks allowed: whether a field is required is the
 * entity's business, checked with the combined messages of specification §5), its record schema (what
 * is answered), the column that stores it, and what the form and list show. The server derives the
 * table, the repository and the routes from the same object; the client its form fields and columns.
 */

/** How a field is stored: one column per field; lists of things (members, options, users) as jsonb. */
export type ColumnType = 'text' | 'integer' | 'double' | 'boolean' | 'date' | 'timestamptz' | 'jsonb';

/** The pickers the client draws for a field (CONTRACT §10 "field kinds"). */
export type FieldKind =
  | 'text'
  | 'textarea'
  | 'phone'
  | 'digits'
  | 'number'
  | 'decimal'
  | 'switch'
  | 'enum'
  | 'date'
  | 'time'
  | 'datetime'
  | 'time_window'
  | 'weekday'
  | 'month'
  | 'day'
  | 'hour'
  | 'minute'
  | 'multi_select'
  | 'user'
  | 'users'
  | 'extension'
  | 'extensions'
  | 'sound_file'
  | 'destination'
  | 'reference'
  | 'children'
  | 'file'
  | 'secret';

export interface FieldSpec<In extends z.ZodType = z.ZodType, Rec extends z.ZodType = z.ZodType> {
  kind: FieldKind;
  /** What store/update take for this field; a blank value passes here and is "missing" for `required`. */
  input: In;
  /** What a record carries. */
  record: Rec;
  column: ColumnType;
  /** The value of an empty form, and of a column left out (the column's default). */
  empty: z.output<Rec> | null;
  /** Message id when the field is missing (specification §5 wording). */
  required?: string;
  /** Message id when another record of the company has the same value (text: regardless of case). */
  unique?: string;
  /** Read by the list's `search` (text kinds). */
  search?: boolean;
  /** Offered as a sort field of the list. */
  sort?: boolean;
  /** Offered as a list filter (enum, switch, reference, user, extension). */
  filter?: boolean;
  /** Shown as a list column. @default true, except for long text and collections */
  column_shown?: boolean;
  /** A list column hidden until the user shows it. */
  hidden?: boolean;
  /** Not in the input or the form: set by the server (a key's last use, who changed it). See `readOnly()`. */
  readOnly?: boolean;
  /**
   * Kept in the table, never answered: not in the record, a list, a form or an export (a secret's hash).
   * Always `readOnly` too.
   */
  serverOnly?: boolean;
  /** enum and multi_select: the choices; labels are `<entity>.<field>.<value>`. */
  options?: readonly string[];
  /** reference: the entity whose records are chosen from (its `path`). */
  references?: string;
  /** children: the fields of one element. */
  children?: Readonly<Record<string, FieldSpec>>;
  /** Longest text or list accepted. */
  max?: number;
  /** file: what an upload must be (type by content, size, name) and where it streams from. */
  file?: FileRule;
  /** A read-only value the server reads from the entity's file field `field` (its name, size, duration). */
  fromFile?: { field: string; fact: FileFact };
}

export interface FieldOptions {
  required?: string;
  unique?: string;
  search?: boolean;
  sort?: boolean;
  filter?: boolean;
  hidden?: boolean;
  /** Show as a list column. */
  list?: boolean;
}

const blank = (value: unknown) => value === undefined || value === null || (typeof value === 'string' && value.trim() === '');
/** Blank, absent and null all arrive as `fallback`, so a form's untouched field is "missing", not invalid. */
const blankAs = <T>(fallback: T) => (value: unknown) => (blank(value) ? fallback : value);

function spec<In extends z.ZodType, Rec extends z.ZodType>(
  base: Omit<FieldSpec<In, Rec>, keyof FieldOptions | 'column_shown'>,
  options: FieldOptions,
  shownByDefault = true,
): FieldSpec<In, Rec> {
  const { list, ...rest } = options;
  return { ...base, ...rest, column_shown: list ?? shownByDefault };
}

// --- text -----------------------------------------------------------------------------------------

const boundedText = (max: number) => z.preprocess(blankAs(''), z.string().trim().max(max, 'validation.text_too_long'));

/** One line of text (a name, a title). */
export const textField = (options: FieldOptions & { max?: number } = {}) =>
  spec({ kind: 'text', input: boundedText(options.max ?? 200), record: z.string(), column: 'text', empty: '', max: options.max ?? 200 }, options);

/** Several lines (a memo, a description, a template's content); not a list column unless asked. */
export const textareaField = (options: FieldOptions & { max?: number } = {}) =>
  spec({ kind: 'textarea', input: boundedText(options.max ?? 2000), record: z.string(), column: 'text', empty: '', max: options.max ?? 2000 }, options, false);

/** A phone number as people type it, stored as digits (`+82 10-5555-0001` → `01055550001`). */
export const phoneField = (options: FieldOptions = {}) =>
  spec(
    {
      kind: 'phone',
      input: z.preprocess(
        blankAs(''),
        z
          .string()
          .trim()
          .max(30, 'validation.text_too_long')
          .refine((v) => v === '' || isPhoneNumberText(v), 'validation.phone_number_invalid')
          .transform((v) => (v === '' ? '' : normalisePhoneNumber(v))),
      ),
      record: z.string(),
      column: 'text',
      empty: '',
    },
    options,
  );

/** Digits only, no separators (a callback number: specification §5 "digits only, without hyphens"). */
export const digitsField = (options: FieldOptions & { invalid: string; max?: number }) => {
  const { invalid, max = 20, ...rest } = options;
  return spec(
    {
      kind: 'digits',
      input: z.preprocess(blankAs(''), z.string().trim().max(max, invalid).regex(/^[0-9]*$/, invalid)),
      record: z.string(),
      column: 'text',
      empty: '',
      max,
    },
    rest,
  );
};

// --- numbers, choices, switches ---------------------------------------------------------------------

type IntegerKind = 'number' | 'weekday' | 'month' | 'day' | 'hour' | 'minute';
const INTEGER_RANGES: Record<Exclude<IntegerKind, 'number'>, [number, number]> = {
  weekday: [1, 7],
  month: [1, 12],
  day: [1, 31],
  hour: [0, 23],
  minute: [0, 59],
};

const integerInput = (min: number, max: number) =>
  z.preprocess(blankAs(null), z.coerce.number({ error: 'validation.number_invalid' }).int('validation.number_invalid').min(min, 'validation.number_out_of_range').max(max, 'validation.number_out_of_range').nullable());

/** A whole number within [min, max] (seconds, retries); empty is null. */
export const numberField = (options: FieldOptions & { min?: number; max?: number } = {}) => {
  const { min = 0, max = MAX_RECORD_ID, ...rest } = options;
  return spec({ kind: 'number', input: integerInput(min, max), record: z.number().int().nullable(), column: 'integer', empty: null, max }, rest);
};

/**
 * A whole number within [min, max] that is never empty: blank takes `default` (a campaign's attempts).
 */
export const countField = (options: FieldOptions & { min: number; max: number; default: number }) => {
  const { min, max, default: initial, ...rest } = options;
  return spec(
    {
      kind: 'number',
      input: z.preprocess(blankAs(initial), z.coerce.number({ error: 'validation.number_invalid' }).int('validation.number_invalid').min(min, 'validation.number_out_of_range').max(max, 'validation.number_out_of_range')),
      record: z.number().int(),
      column: 'integer',
      empty: initial,
      max,
    },
    rest,
  );
};

/**
 * A number with decimals within [min, max] (a rate: 0.03 is 3 %), stored as double precision; blank
 * takes `default`.
 */
export const decimalField = (options: FieldOptions & { min: number; max: number; default: number }) => {
  const { min, max, default: initial, ...rest } = options;
  return spec(
    {
      kind: 'decimal',
      input: z.preprocess(blankAs(initial), z.coerce.number({ error: 'validation.number_invalid' }).min(min, 'validation.number_out_of_range').max(max, 'validation.number_out_of_range')),
      record: z.number(),
      column: 'double',
      empty: initial,
      max,
    },
    rest,
  );
};

/** ISO weekday (1 Monday … 7 Sunday), month, day of month, hour or minute: a picker, stored as a number. */
export const calendarField = (kind: Exclude<IntegerKind, 'number'>, options: FieldOptions = {}) => {
  const [min, max] = INTEGER_RANGES[kind];
  return spec({ kind, input: integerInput(min, max), record: z.number().int().nullable(), column: 'integer', empty: null }, options);
};

/** On or off. */
export const switchField = (options: FieldOptions & { default?: boolean } = {}) => {
  const { default: initial = false, ...rest } = options;
  return spec(
    { kind: 'switch', input: z.preprocess(blankAs(initial), z.coerce.boolean()), record: z.boolean(), column: 'boolean', empty: initial },
    rest,
  );
};

/** One of fixed values; labels are `<entity>.<field>.<value>`. Blank takes the default, if there is one. */
export const enumField = <const V extends readonly [string, ...string[]]>(values: V, options: FieldOptions & { default?: V[number] } = {}) => {
  const { default: initial, ...rest } = options;
  return spec(
    {
      kind: 'enum',
      input: z.preprocess(blankAs(initial ?? null), z.enum(values, { error: 'validation.invalid_value' }).nullable()),
      record: initial ? z.enum(values) : z.enum(values).nullable(),
      column: 'text',
      empty: initial ?? null,
      options: values,
    },
    rest,
  );
};

/** Several of fixed values. */
export const multiSelectField = <const V extends readonly [string, ...string[]]>(values: V, options: FieldOptions = {}) =>
  spec(
    {
      kind: 'multi_select',
      input: z.preprocess(blankAs([]), z.array(z.enum(values, { error: 'validation.invalid_value' })).max(values.length)),
      record: z.array(z.enum(values)),
      column: 'jsonb',
      empty: [],
      options: values,
    },
    options,
  );

// --- dates and times (Asia/Seoul) ---------------------------------------------------------------------

/** A calendar day, `YYYY-MM-DD`. */
export const dateField = (options: FieldOptions = {}) =>
  spec({ kind: 'date', input: z.preprocess(blankAs(null), calendarDaySchema.nullable()), record: z.string().nullable(), column: 'date', empty: null }, options);

/** A time of day, `HH:MM` (Asia/Seoul). */
export const timeField = (options: FieldOptions = {}) =>
  spec(
    {
      kind: 'time',
      input: z.preprocess(blankAs(null), z.string().regex(/^([01][0-9]|2[0-3]):[0-5][0-9]$/, 'validation.time_invalid').nullable()),
      record: z.string().nullable(),
      column: 'text',
      empty: null,
    },
    options,
  );

const HH_MM = /^([01][0-9]|2[0-3]):[0-5][0-9]$/;

/** A span of the day, `{ start, end }` as `HH:MM` (Asia/Seoul), start before end (no span over midnight). */
export interface TimeWindow {
  start: string;
  end: string;
}

/**
 * A span of the day (a campaign's call window), stored as jsonb `{ start, end }`; blank takes
 * `default`. Each end is `HH:MM` (`validation.time_invalid` under `<field>.start` / `.end`); an end not
 * after the start answers `orderMessage` under `<field>.end`.
 */
export const timeWindowField = (options: FieldOptions & { default: TimeWindow; orderMessage: string }) => {
  const { default: initial, orderMessage, ...rest } = options;
  const time = z.preprocess(blankAs(''), z.string().trim().regex(HH_MM, 'validation.time_invalid'));
  return spec(
    {
      kind: 'time_window',
      input: z.preprocess(
        blankAs(initial),
        z.object({ start: time, end: time }).refine((w) => w.start < w.end, { message: orderMessage, path: ['end'] }),
      ),
      record: z.object({ start: z.string(), end: z.string() }),
      column: 'jsonb',
      empty: initial,
    },
    rest,
  );
};

/** A moment (ISO 8601 with an offset), e.g. the two ends of a forwarding's period. */
export const dateTimeField = (options: FieldOptions = {}) =>
  spec(
    {
      kind: 'datetime',
      input: z.preprocess(blankAs(null), z.iso.datetime({ offset: true, error: 'validation.date_invalid' }).nullable()),
      record: z.string().nullable(),
      column: 'timestamptz',
      empty: null,
    },
    options,
  );

// --- things of the company ------------------------------------------------------------------------------

const idNumber = (message = 'validation.id_invalid') => z.coerce.number({ error: message }).int(message).positive(message).max(MAX_RECORD_ID, message);
const idInput = () => z.preprocess(blankAs(null), idNumber().nullable());
const extensionInput = z.preprocess(blankAs(''), z.string().trim().regex(/^[0-9]{0,10}$/, 'validation.extension_invalid'));

/** One user of the company (checked to exist in the company on write). */
export const userField = (options: FieldOptions = {}) =>
  spec({ kind: 'user', input: idInput(), record: z.number().int().nullable(), column: 'integer', empty: null }, options);

/** Users of the company (who may use a caller id). */
export const usersField = (options: FieldOptions & { max?: number } = {}) => {
  const { max = 1000, ...rest } = options;
  return spec(
    { kind: 'users', input: z.preprocess(blankAs([]), z.array(idNumber()).max(max)), record: z.array(z.number().int()), column: 'jsonb', empty: [], max },
    rest,
    false,
  );
};

/** One extension number of the company. */
export const extensionField = (options: FieldOptions = {}) =>
  spec({ kind: 'extension', input: extensionInput, record: z.string(), column: 'text', empty: '' }, options);

/** Extension numbers of the company. */
export const extensionsField = (options: FieldOptions & { max?: number; outsideNumbers?: { invalid: string } } = {}) => {
  const { max = 200, outsideNumbers, ...rest } = options;
  // A ring group's members may also be outside numbers: digits only, up to 20 (picked and typed alike).
  const element = outsideNumbers ? z.preprocess(blankAs(''), z.string().trim().regex(/^[0-9]{1,20}$/, outsideNumbers.invalid)) : extensionInput;
  return spec({ kind: 'extensions', input: z.preprocess(blankAs([]), z.array(element).max(max)), record: z.array(z.string()), column: 'jsonb', empty: [], max }, rest);
};

/** A sound file of the company, by id. */
export const soundFileField = (options: FieldOptions = {}) =>
  spec({ kind: 'sound_file', input: idInput(), record: z.number().int().nullable(), column: 'integer', empty: null }, options);

/** A record of another entity of the company (a template's category), by id; `references` is its path. */
export const referenceField = (references: string, options: FieldOptions = {}) =>
  spec({ kind: 'reference', input: idInput(), record: z.number().int().nullable(), column: 'integer', empty: null, references }, options);

/** Where a call goes (CONTRACT §10): `{ type, target }`; `hangup` and `voicemail` need no target. */
export const DESTINATION_TYPES = ['extension', 'queue', 'ring_group', 'ivr', 'callback_group', 'sound_file', 'voicemail', 'hangup'] as const;
export type DestinationType = (typeof DESTINATION_TYPES)[number];
export const destinationSchema = z
  .object({ type: z.enum(DESTINATION_TYPES, { error: 'validation.destination_invalid' }), target: z.string().trim().max(20).nullish() })
  .refine((d) => d.type === 'hangup' || d.type === 'voicemail' || !blank(d.target), { message: 'validation.destination_target_required', path: ['target'] })
  .transform((d) => ({ type: d.type, target: d.type === 'hangup' || d.type === 'voicemail' ? null : (d.target ?? null) }));
export type Destination = z.output<typeof destinationSchema>;

export const destinationField = (options: FieldOptions = {}) =>
  spec(
    {
      kind: 'destination',
      input: z.preprocess(blankAs(null), destinationSchema.nullable()),
      record: z.object({ type: z.enum(DESTINATION_TYPES), target: z.string().nullable() }).nullable(),
      column: 'jsonb',
      empty: null,
    },
    options,
  );

// --- child collections ------------------------------------------------------------------------------

type Shape<F extends Readonly<Record<string, FieldSpec>>> = { [K in keyof F]: F[K]['input'] };
type RecordShape<F extends Readonly<Record<string, FieldSpec>>> = { [K in keyof F]: F[K]['record'] };

/**
 * A list edited with its parent, in the parent's transaction (IVR options, ring-group members, time
 * ranges). Stored as one jsonb column: the elements are small, few and always read with their parent.
 * `required` of an element's field is checked per element, under `<field>.<index>.<child>`.
 */
export const childrenField = <const F extends Readonly<Record<string, FieldSpec>>>(fields: F, options: FieldOptions & { max?: number } = {}) => {
  const { max = 100, ...rest } = options;
  const element = z.object(Object.fromEntries(Object.entries(fields).map(([name, field]) => [name, field.input])) as Shape<F>).superRefine((value, ctx) => {
    for (const [name, field] of Object.entries(fields)) {
      if (field.required && isMissing((value as Record<string, unknown>)[name])) ctx.addIssue({ code: 'custom', message: field.required, path: [name] });
    }
  });
  const record = z.object(Object.fromEntries(Object.entries(fields).map(([name, field]) => [name, field.record])) as RecordShape<F>);
  return spec({ kind: 'children', input: z.preprocess(blankAs([]), z.array(element).max(max, 'validation.too_many')), record: z.array(record), column: 'jsonb', empty: [], children: fields, max }, rest, false);
};

// --- files ------------------------------------------------------------------------------------------

/**
 * The file types a file field may accept. The server checks each by its content, never by its name or
 * the browser's MIME type (server/src/services/files/file-types.ts): an MP3 starts with an ID3v2 tag or
 * MPEG Layer III frames. `extensions` and `mime` are what a file chooser offers.
 */
export const FILE_TYPES = {
  mp3: { extensions: ['.mp3'], mime: 'audio/mpeg' },
} as const;
export type FileType = keyof typeof FILE_TYPES;

/** What the server reads from an uploaded file into the record (`fileFactField`). */
export type FileFact = 'name' | 'size' | 'duration_ms';

export interface FileRule {
  accept: readonly FileType[];
  /** The largest file taken; a larger one stops being read at this size and answers `tooLargeMessage`. */
  maxBytes: number;
  /** The whole file name must match (specification §5: English letters). */
  namePattern: RegExp;
  /** Message id when the name does not match; it says what the pattern allows. */
  nameMessage: string;
  /** Message id when the content is none of `accept` (a WAV renamed .mp3). */
  typeMessage: string;
  tooLargeMessage: string;
  /** `GET <path>/{id}/<route>` streams the file, with range requests. @default the field's name */
  route: string;
}

/** What a file field's record holds: the stored file's name, size and detected type; null before one. */
export const storedFileSchema = z.object({ name: z.string(), size: z.number().int(), type: z.string() });
export type StoredFile = z.infer<typeof storedFileSchema>;

/**
 * A file uploaded with the record (docs/resources.md "File fields"): store and update take multipart
 * with the file in a part named as the field (CONTRACT §3: `file`) and the other fields as form fields.
 * Checked here, on both sides, for size and name; the server also checks the content and keeps the
 * bytes in the database. Required files are required on store; an update without one keeps the file.
 * The record carries `{ name, size, type }`; what should be listed, sorted or searched (the file name,
 * an MP3's duration) are `fileFactField`s beside it.
 */
export const fileField = (options: FieldOptions & Omit<FileRule, 'route'> & { route?: string }) => {
  const { accept, maxBytes, namePattern, nameMessage, typeMessage, tooLargeMessage, route = '', ...rest } = options;
  return spec(
    {
      kind: 'file',
      // Optional rather than nullable, so OpenAPI describes the part as a plain binary string (a file
      // chooser in Swagger UI); blank and null are "not given".
      input: z.preprocess(
        blankAs(undefined),
        z
          .file({ error: 'validation.file_expected' })
          .max(maxBytes, tooLargeMessage)
          .refine((file) => namePattern.test(file.name), nameMessage)
          .optional(),
      ),
      record: storedFileSchema.nullable(),
      column: 'jsonb',
      empty: null,
      file: { accept, maxBytes, namePattern, nameMessage, typeMessage, tooLargeMessage, route },
    },
    rest,
    false,
  );
};

/**
 * A value read from the file field `file` on every upload, never typed: the original file name (text),
 * its size in bytes, or an MP3's duration in milliseconds (read from its frames). Listed, sorted and
 * searched like any field of its column.
 */
export const fileFactField = <const Fact extends FileFact>(file: string, fact: Fact, options: FieldOptions = {}) => {
  const base =
    fact === 'name'
      ? spec({ kind: 'text', input: z.string(), record: z.string(), column: 'text', empty: '' }, options)
      : spec({ kind: 'number', input: z.number().int().nullable(), record: z.number().int().nullable(), column: 'integer', empty: null }, options);
  return { ...base, readOnly: true as const, fromFile: { field: file, fact } };
};

/** The file fields of an entity's fields, each with its route (the field's name unless given). */
export function fileRulesOf(fields: Readonly<Record<string, FieldSpec>>): Record<string, FileRule> {
  return Object.fromEntries(
    Object.entries(fields)
      .filter(([, field]) => field.kind === 'file' && field.file)
      .map(([name, field]) => [name, { ...field.file!, route: field.file!.route || name }]),
  );
}

// --- values the server sets ---------------------------------------------------------------------------

/**
 * The field as the server sets it, never the caller (a key's `last_used_at`, stamped by sign-in): in the
 * record, the list, the view and the export, never in store's or update's input or in a form.
 */
export const readOnly = <const S extends FieldSpec>(field: S): S & { readOnly: true } => ({ ...field, readOnly: true as const });

/**
 * A secret the server makes on store (docs/resources.md "Secrets"): 256 random bits, URL-safe
 * (base64url, 43 characters). Only its SHA-256 is kept, in the column `<field>_hash`, unique across every
 * company (a sign-in finds the key by it); store's answer carries the secret under the field's name
 * once (the contract's `createdRecord`), and no record, list, view or export ever does.
 */
export const secretField = () => ({
  ...spec({ kind: 'secret', input: z.never(), record: z.string(), column: 'text', empty: null }, {}, false),
  readOnly: true as const,
  serverOnly: true as const,
});

/** The secret fields of an entity's fields (each revealed once, in store's answer). */
export function secretFieldsOf(fields: Readonly<Record<string, FieldSpec>>): string[] {
  return Object.entries(fields)
    .filter(([, field]) => field.kind === 'secret')
    .map(([name]) => name);
}

/** Whether a parsed value counts as "not given" for a required field. */
export function isMissing(value: unknown): boolean {
  return blank(value) || (Array.isArray(value) && value.length === 0);
}
