import type { AnyEntity } from '../../../src/api/entities/define-entity';
import type { FieldSpec, FileType } from '../../../src/api/entities/entity-fields';
import { cbrMp3 } from '../files/mp3-frames';

/**
 * A valid input for any entity, from its field kinds, different at each call (unique fields stay unique):
 * the contract test walks every entity of the catalogue without a sample written per entity. A file
 * field's sample is a `File`; the walk sends such inputs as multipart.
 */
let sequence = 0;

/** A tiny valid file of each type a file field may accept (an MP3 of three silent frames, 78 ms). */
const SAMPLE_FILES: Record<FileType, { extension: string; type: string; bytes: () => Uint8Array }> = {
  mp3: { extension: 'mp3', type: 'audio/mpeg', bytes: () => cbrMp3(3) },
};

/** Records of the caller's company a sample may point at. */
export interface SampleContext {
  /** A live agent of the caller's company (the caller, when an agent): what `user` fields take. */
  user?: number;
  /** Extensions of the caller's company (the caller's own, for an agent): what `extension` fields take. */
  extensions?: readonly string[];
  /**
   * Numbers of records of the caller's company, by entity path: what a `phone` field that names one
   * (`references`, an auto-call campaign's caller id) takes.
   */
  numbers?: Readonly<Record<string, readonly string[]>>;
}

function sampleValue(name: string, field: FieldSpec, n: number, context: SampleContext): unknown {
  switch (field.kind) {
    case 'text':
    case 'textarea':
      return `${name} ${n}`;
    case 'phone': {
      const known = field.references ? context.numbers?.[field.references] : undefined;
      if (known && known.length > 0) return known[n % known.length];
      return `010-7${String(n).padStart(3, '0').slice(-3)}-${String(n).padStart(4, '0').slice(-4)}`;
    }
    case 'digits':
      return `0${String(1_000_000 + n)}`;
    case 'extension':
      // One of the company's extensions when the walk seeded them (an extension that must be a user's).
      return context.extensions ? context.extensions[n % context.extensions.length] : String(7000 + (n % 2000));
    case 'number':
      return 1;
    case 'switch':
      return n % 2 === 0;
    case 'enum':
    case 'multi_select':
      return field.kind === 'enum' ? field.options?.[n % field.options.length] : [field.options?.[0]];
    case 'date':
      return '2026-11-27';
    case 'time':
      return '09:30';
    case 'datetime':
      return '2026-11-27T09:30:00.000Z';
    case 'weekday':
      return 1 + (n % 7);
    case 'month':
      return 1 + (n % 12);
    case 'day':
      return 1 + (n % 28);
    case 'hour':
      return n % 24;
    case 'minute':
      return n % 60;
    case 'destination':
      return { type: 'hangup' };
    case 'extensions':
      return context.extensions ? [context.extensions[n % context.extensions.length]] : ['1001'];
    case 'file': {
      // Sent as multipart (resource-contract.test.ts `bodyOf`); the name fits every name rule so far.
      const sample = SAMPLE_FILES[field.file!.accept[0]!];
      return new File([new Uint8Array(sample.bytes())], `sample-${n}.${sample.extension}`, { type: sample.type });
    }
    case 'children':
      return [Object.fromEntries(Object.entries(field.children ?? {}).map(([child, spec]) => [child, sampleValue(child, spec, n, context)]))];
    case 'user':
      if (context.user !== undefined) return context.user;
      return field.required ? undefined : null;
    default:
      // Records of the company (users, references, sound files) are left empty: their checks have tests of their own.
      return field.required ? undefined : null;
  }
}

export function entitySample(entity: AnyEntity, context: SampleContext = {}): Record<string, unknown> {
  const n = ++sequence;
  const later = new Set(entity.ordered.map((pair) => pair.then));
  return Object.fromEntries(
    Object.entries(entity.fields as Record<string, FieldSpec>)
      .filter(([, field]) => !field.readOnly)
      .map(([name, field]) => [name, later.has(name) ? laterSample(field) : sampleValue(name, field, n, context)]),
  );
}

/** The second of an ordered pair (a period's end): a day after the first's sample. */
function laterSample(field: FieldSpec): unknown {
  if (field.kind === 'datetime') return '2026-11-28T09:30:00.000Z';
  if (field.kind === 'date') return '2026-11-28';
  return 2;
}
