import type { IconName } from '@blueprintjs/icons';
import type { ReactNode } from 'react';
import type { PermissionSubject } from '../../api/permissions/check';
import type { CustomTableKey } from '../../api/contracts/custom-table.contract';
import type { AnyResourceContract, ListQuery, RecordOf, SortOf } from '../../api/resources/resource-contract';
import type { MessageId } from '../../i18n/message-ids';

/**
 * The client half of a resource definition (docs/resources.md): how the shared contract is shown. The
 * list, form, detail and delete screens are drawn from it by ResourceListPanel; the custom parts of an
 * entity go into slots instead of a copied page.
 */

/** An option whose label is data (a group name) or a message id (a fixed choice). */
export type ResourceOption = { value: string; label: string } | { value: string; labelId: MessageId };

export interface ResourceColumn<R> {
  key: string;
  labelId: MessageId;
  /** The contract's sort field behind this column; absent → not sortable. */
  sortField?: string;
  /** Cell content; defaults to the record's value at `key` (lists joined with commas). */
  render?: (record: R) => ReactNode;
  /** Hidden until the user shows it in the column settings. @default false */
  defaultHidden?: boolean;
}

export interface FieldProps {
  name: string;
  value: unknown;
  onChange: (value: unknown) => void;
  /** Messages for this field, and for `name.*` (e.g. `custom_fields.birthday`). */
  errors: Record<string, string[]>;
  disabled: boolean;
  /** The whole form, for fields that depend on another one (a small category on its big category). */
  values: FormValues;
  /** Sets another field, e.g. clears the small category when the big one changes. */
  setValue: (name: string, value: unknown) => void;
  /**
   * The field sits in a table row (a children editor's cell) whose header names it: its label is this
   * text, for screen readers only ("Digit, row 2").
   */
  hiddenLabel?: string;
}

interface FieldBase {
  name: string;
  labelId: MessageId;
  /** Marked as required (the contract's schema says what is actually refused). */
  required?: boolean;
}

/** The calendar pickers: ISO weekday (1 Monday … 7 Sunday), month, day of month, hour, minute. */
export type CalendarUnit = 'weekday' | 'month' | 'day' | 'hour' | 'minute';

/**
 * The form field kinds (ui/resource/fields/, one component each). An entity's fields map onto them
 * (entity-form-fields.ts); a hand-written view uses them directly.
 */
export type ResourceField =
  | (FieldBase & { kind: 'text' | 'tel' | 'digits' | 'number' | 'decimal' | 'switch' | 'date' | 'time' | 'datetime' })
  /** A span of the day, `{ start, end }` as `HH:MM` (a campaign's call window). */
  | (FieldBase & { kind: 'time_window' })
  | (FieldBase & { kind: 'textarea'; max?: number })
  | (FieldBase & {
      kind: 'select';
      useOptions: () => readonly ResourceOption[];
      /** The value is never blank (a choice with a default): no "Choose…". @default false */
      noBlank?: boolean;
    })
  | (FieldBase & { kind: 'checkboxes'; useOptions: () => readonly ResourceOption[] })
  | (FieldBase & { kind: 'calendar'; unit: CalendarUnit })
  /** The company's users (one id, or several) and extension numbers (one, or several). */
  | (FieldBase & { kind: 'user' | 'users' | 'extension' | 'extensions' | 'sound_file' })
  /** A record of the entity whose path is `references`, by id. */
  | (FieldBase & { kind: 'reference'; references: string })
  /** Where a call goes: `{ type, target }` (api/entities/entity-fields.ts DESTINATION_TYPES). */
  | (FieldBase & { kind: 'destination' })
  /** Rows edited with the record: each row's fields, and the values of a new row. */
  | (FieldBase & { kind: 'children'; children: readonly ResourceField[]; newRow: () => FormValues; max?: number })
  /** A file sent with the record (multipart); `accept` is what the file chooser offers. */
  | (FieldBase & { kind: 'file'; accept: string; maxBytes: number; tooLargeMessage: string })
  | (FieldBase & { kind: 'custom'; render: (props: FieldProps) => ReactNode });

export type ResourceFilter =
  | {
      /** @default 'select' */
      kind?: 'select';
      name: string;
      labelId: MessageId;
      /**
       * The choices, given the list's other filters (a small category narrows to the chosen big one);
       * "all" (no filter) is added in front. A chosen value that is no longer a choice is dropped.
       */
      useOptions: (filters: Readonly<Record<string, unknown>>) => readonly ResourceOption[];
    }
  /**
   * A day (`YYYY-MM-DD`), e.g. the two ends of a date range; empty means no filter. `notBefore` names
   * the range's other end: a day before it is flagged, since the list would only ever be empty.
   */
  | { kind: 'date'; name: string; labelId: MessageId; notBefore?: string };

export type FormValues = Record<string, unknown>;

/** What a slot is told about the list it sits in (e.g. an export button reads the query). */
export interface ListSlotContext<C extends AnyResourceContract> {
  query: ListQuery<C>;
  subject: PermissionSubject | null;
}

export interface RowAction<R> {
  key: string;
  labelId: MessageId;
  icon: IconName;
  onClick: (record: R) => void;
  /** Why the action cannot be used on this row: the button is then disabled and this is its tooltip. */
  disabledReasonId?: MessageId;
}

export interface ResourceView<C extends AnyResourceContract> {
  contract: C;
  /** The thing, lower case, for dialog titles: "member" → "Add member", "Edit member". */
  nounId: MessageId;
  columns: readonly ResourceColumn<RecordOf<C>>[];
  /** What the view dialog shows, one row each. @default columns */
  details?: readonly ResourceColumn<RecordOf<C>>[];
  fields: readonly ResourceField[];
  filters?: readonly ResourceFilter[];
  searchPlaceholderId?: MessageId;
  /** The labels of what the search reads: the box then says "Search: Name, Memo" (unless `searchPlaceholderId`). */
  searchFieldIds?: readonly MessageId[];
  /** Empty form values for "add"; the input shape of the contract. */
  emptyValues: () => FormValues;
  /** Form values for editing a record. */
  toFormValues: (record: RecordOf<C>) => FormValues;
  /** The text naming a record in confirmations ("Delete “VIP”?"). */
  describe: (record: RecordOf<C>) => string;
  /**
   * The company's column settings that apply to this list (/configuration/custom-tables/*): its
   * columns' keys are that table's catalogue keys. The user's own choices in the list still win.
   */
  customTable?: CustomTableKey;
  /**
   * Reload the shown page this often while it is open, for lists several people work at once (the
   * callback list): another agent's assignment shows without a reload. Off by default.
   */
  refreshEveryMs?: number;
  /** Delete confirmation text, with `{name}`. @default 'resource.delete_confirm' */
  deleteConfirmId?: MessageId;
  /**
   * The delete action's name, for records that are not deleted but ended (an API key is revoked): the
   * row action, the confirmation's title and button. @default 'resource.delete'
   */
  deleteLabelId?: MessageId;
  /** The toast after the delete action. @default 'resource.deleted' */
  deletedId?: MessageId;
  /** Custom parts: toolbar buttons, extra row actions, extra detail content. */
  slots?: {
    /** Drawn above the list's toolbar (the week view of time conditions). */
    above?: () => ReactNode;
    toolbar?: (context: ListSlotContext<C>) => ReactNode;
    rowActions?: (record: RecordOf<C>) => readonly RowAction<RecordOf<C>>[];
    detail?: (record: RecordOf<C>) => ReactNode;
    /**
     * Shown instead of the "Saved" toast after the list's add form stored a record, until `close`, with
     * store's whole answer: what only store answers too (an API key's secret, `createdRecord`).
     */
    created?: (created: RecordOf<C> & Record<string, unknown>, close: () => void) => ReactNode;
  };
}

/** Keeps the contract's record type flowing into columns and slots. */
export function defineResourceView<C extends AnyResourceContract>(view: ResourceView<C>): ResourceView<C> {
  return view;
}

export type SortState<C extends AnyResourceContract> = { sort_by?: SortOf<C>; sort_order?: 'asc' | 'desc' };
