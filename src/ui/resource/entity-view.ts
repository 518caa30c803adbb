import type { AnyEntity } from '../../api/entities/define-entity';
import type { FieldSpec } from '../../api/entities/entity-fields';
import type { MessageId } from '../../i18n/message-ids';
import { entityCell, momentCell } from './entity-cells';
import { emptyOf, formFieldOf, formValuesOf } from './entity-form-fields';
import { describeRecord } from './entity-options';
import { entityFilterOf } from './entity-filters';
import type { ResourceColumn, ResourceField, ResourceFilter, ResourceView } from './resource-view';

type Contract = AnyEntity['contract'];
type Rec = Record<string, unknown>;

/**
 * What an entity's client view file changes (src/features/<entity>/<entity>.view.tsx, found by name in
 * src/app/entities/entity-views.ts). Columns, fields and filters go by field name: an object replaces
 * parts of the derived one, `false` leaves it out, a name the entity does not derive adds one (at the
 * end). Everything else replaces the derived value; slots are the entity's own parts.
 */
export interface EntityViewOverrides extends Partial<Omit<ResourceView<Contract>, 'contract' | 'columns' | 'details' | 'fields' | 'filters'>> {
  columns?: Readonly<Record<string, Partial<ResourceColumn<Rec>> | false>>;
  fields?: Readonly<Record<string, Partial<ResourceField> | false>>;
  filters?: Readonly<Record<string, Partial<ResourceFilter> | false>>;
  /**
   * Path parameters the entity's pop-ups take beyond the record's `id` (time-condition/add/{keyword}/
   * {type}). An add pop-up's form starts with those that name a field (the condition's `type`).
   */
  popupParams?: { add?: () => Record<string, string | number>; edit?: (record: Rec) => Record<string, string | number> };
}

const fieldsOf = (entity: AnyEntity) => Object.entries(entity.fields as Record<string, FieldSpec>);
const labelOf = (entity: AnyEntity, name: string) => `${entity.name}.field.${name}` as MessageId;

/** Derived items by key, with the overrides merged over them, dropped, or added. */
function merged<T extends object>(derived: readonly T[], keyOf: (item: T) => string, overrides: Readonly<Record<string, Partial<T> | false>> = {}): T[] {
  const kept = derived.filter((item) => overrides[keyOf(item)] !== false).map((item) => ({ ...item, ...(overrides[keyOf(item)] || {}) }) as T);
  const added = Object.entries(overrides).filter(([key, value]) => value && !derived.some((item) => keyOf(item) === key));
  return [...kept, ...added.map(([, value]) => value as T)];
}

/** One column per field the record carries: sortable when the field sorts, drawn by its kind. */
function columnsOf(entity: AnyEntity): ResourceColumn<Rec>[] {
  const stamp = (key: 'created_at' | 'updated_at', hidden: boolean): ResourceColumn<Rec> => ({
    key,
    labelId: `entity.field.${key}`,
    sortField: key,
    render: (record) => momentCell(record[key]),
    ...(hidden ? { defaultHidden: true } : {}),
  });
  const fields = fieldsOf(entity)
    .filter(([, field]) => !field.serverOnly)
    .map(([name, field]): ResourceColumn<Rec> => ({
      key: name,
      labelId: labelOf(entity, name),
      ...(field.sort ? { sortField: name } : {}),
      render: (record) => entityCell(entity, name, field, record[name]),
      ...(field.hidden ? { defaultHidden: true } : {}),
    }));
  return [...fields, stamp('created_at', false), stamp('updated_at', true)];
}

/**
 * The client view of an entity (docs/resources.md "Entities"), derived from its description: columns
 * (`column_shown` fields, sortable by `sort`, drawn by kind, then created/updated), the view dialog
 * (every field), the form (one field per writable field, by kind), filters (`filter` fields), empty and
 * edit values, how a record is named (its first text-like field), the noun `<entity>.noun`. Overrides
 * merge over it.
 */
export function viewOf(entity: AnyEntity, overrides: EntityViewOverrides = {}): ResourceView<Contract> {
  const { columns, fields, filters, ...rest } = overrides;
  const derivedColumns = columnsOf(entity);
  const formFields = fieldsOf(entity)
    .map(([name, spec]) => formFieldOf(entity.name, name, name, spec))
    .filter((field): field is ResourceField => field !== null);
  const derivedFilters = fieldsOf(entity)
    .filter(([, field]) => field.filter)
    .map(([name, field]) => entityFilterOf(entity, name, field))
    .filter((filter): filter is ResourceFilter => filter !== null);
  const searched = fieldsOf(entity).filter(([, field]) => field.search).map(([name]) => labelOf(entity, name));
  const allColumns = merged(derivedColumns, (c) => c.key, columns);
  return {
    contract: entity.contract,
    nounId: `${entity.name}.noun` as MessageId,
    // Fields that are no list column (`column_shown: false`: long text, collections) show in the view dialog.
    columns: allColumns.filter((column) => !notListed(entity, column.key)),
    details: allColumns,
    fields: merged(formFields, (f) => f.name, fields),
    filters: merged(derivedFilters, (f) => f.name, filters),
    ...(searched.length > 0 ? { searchFieldIds: searched } : {}),
    emptyValues: () => emptyOf(entity.fields),
    toFormValues: (record) => formValuesOf(entity.fields, record as Rec),
    describe: (record) => describeRecord(entity, record as Rec),
    ...rest,
  };
}

/** A field that is no list column at all, unlike a `hidden` one, which the column settings offer. */
function notListed(entity: AnyEntity, key: string): boolean {
  const field = (entity.fields as Record<string, FieldSpec>)[key];
  return field !== undefined && field.column_shown === false;
}
