import { FILE_TYPES, type FieldSpec } from '../../api/entities/entity-fields';
import type { MessageId } from '../../i18n/message-ids';
import { optionLabelId } from './entity-cells';
import type { FormValues, ResourceField, ResourceOption } from './resource-view';

/**
 * An entity field's form field, by kind (docs/resources.md "Entities"). Labels are `<entity>.field.<path>`
 * and choices `<entity>.<path>.<value>`, where a child field's path is `<field>.<child>`
 * (`ivr.field.options.digit`, `ivr.options.action.hangup`). Read-only and secret fields have none.
 */
export function formFieldOf(entity: string, path: string, name: string, spec: FieldSpec): ResourceField | null {
  if (spec.readOnly || spec.kind === 'secret') return null;
  const base = { name, labelId: `${entity}.field.${path}` as MessageId, ...(spec.required ? { required: true } : {}) };
  const options = (): ResourceOption[] => (spec.options ?? []).map((value) => ({ value, labelId: optionLabelId(entity, path, value) }));
  switch (spec.kind) {
    case 'phone':
      return { ...base, kind: 'tel' };
    case 'textarea':
      return { ...base, kind: 'textarea', ...(spec.max ? { max: spec.max } : {}) };
    case 'enum': {
      const choices = options();
      // A choice with a default always holds one: no "Choose…".
      return { ...base, kind: 'select', useOptions: () => choices, noBlank: spec.empty !== null };
    }
    case 'multi_select': {
      const choices = options();
      return { ...base, kind: 'checkboxes', useOptions: () => choices };
    }
    case 'weekday':
    case 'month':
    case 'day':
    case 'hour':
    case 'minute':
      return { ...base, kind: 'calendar', unit: spec.kind };
    case 'reference':
      return { ...base, kind: 'reference', references: spec.references ?? '' };
    case 'children': {
      const children = Object.entries(spec.children ?? {});
      const fields = children.map(([child, childSpec]) => formFieldOf(entity, `${path}.${child}`, child, childSpec)).filter((f): f is ResourceField => f !== null);
      return { ...base, kind: 'children', children: fields, newRow: () => emptyOf(spec.children ?? {}), ...(spec.max ? { max: spec.max } : {}) };
    }
    case 'file': {
      const accept = (spec.file?.accept ?? []).flatMap((type) => [...FILE_TYPES[type].extensions, FILE_TYPES[type].mime]).join(',');
      return { ...base, kind: 'file', accept, maxBytes: spec.file?.maxBytes ?? 0, tooLargeMessage: spec.file?.tooLargeMessage ?? '' };
    }
    default:
      return { ...base, kind: spec.kind };
  }
}

/** A fresh copy of a field's empty value (lists and objects are never shared between forms). */
const fresh = (value: unknown): unknown => (value !== null && typeof value === 'object' ? structuredClone(value) : value);

/** The values of an empty form: each writable field's `empty` (a choice's default, a switch's). */
export function emptyOf(fields: Readonly<Record<string, FieldSpec>>): FormValues {
  return Object.fromEntries(Object.entries(fields).filter(([, spec]) => !spec.readOnly).map(([name, spec]) => [name, fresh(spec.empty)]));
}

/** The form values for editing a record: its writable fields; a file field starts empty (kept unless replaced). */
export function formValuesOf(fields: Readonly<Record<string, FieldSpec>>, record: Record<string, unknown>): FormValues {
  return Object.fromEntries(
    Object.entries(fields)
      .filter(([, spec]) => !spec.readOnly)
      .map(([name, spec]) => [name, spec.kind === 'file' ? null : fresh(record[name] ?? spec.empty)]),
  );
}
