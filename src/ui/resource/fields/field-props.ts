import type { FieldProps, ResourceField } from '../resource-view';

/** The definition of a field of kind K (several kinds may share one member of the union). */
export type FieldOfKind<K extends ResourceField['kind']> = ResourceField extends infer F
  ? F extends { kind: infer FK }
    ? K extends FK
      ? Omit<F, 'kind'> & { kind: K }
      : never
    : never
  : never;

/** What a field kind's component is given: the form's field props and its own definition. */
export type KindProps<K extends ResourceField['kind']> = FieldProps & { field: FieldOfKind<K> };

/** The messages of the field itself. */
export const messagesOf = (props: FieldProps): string[] | undefined => props.errors[props.name];

/** The text an input shows for a form value (numbers as digits, nothing for null). */
export const textOf = (value: unknown): string => (typeof value === 'string' ? value : typeof value === 'number' ? String(value) : '');
