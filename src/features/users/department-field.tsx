import { HTMLSelect } from '@blueprintjs/core';
import { consultationDepartmentContract } from '../../api/contracts/consultation-settings.contract';
import { useResourceAll } from '../../api/resources/use-resource';
import { useT } from '../../i18n/use-t';
import { useFieldId } from '../../ui/forms/field-ids';
import { errorsIdFor, FieldShell } from '../../ui/forms/field-shell';
import { TextField } from '../../ui/forms/text-field';

export interface DepartmentFieldProps {
  value: string;
  onChange: (value: string) => void;
  errors?: readonly string[];
  /** @default false */
  required?: boolean;
  /** @default false */
  disabled?: boolean;
}

/**
 * The user form's department id, chosen from the company's departments (the consultation department
 * settings, /configuration/consultation/department: the one list of departments the server keeps) by
 * name; the value stays the department's id, as users/store and users/update take it. An id that is
 * not in the list (a user saved before it existed) stays, named by its number. Without a list (none
 * set up yet, or it cannot be read) the id is typed, as before.
 */
export function DepartmentField({ value, onChange, errors, required = false, disabled = false }: DepartmentFieldProps) {
  const t = useT();
  const id = useFieldId('department_id');
  const { data: departments } = useResourceAll(consultationDepartmentContract);
  if (!departments || departments.length === 0) {
    return <TextField name="department_id" labelId="user.field.department_id" value={value} onChange={onChange} errors={errors} required={required} disabled={disabled} />;
  }
  const known = departments.some((department) => String(department.id) === value);
  const options = [
    { value: '', label: t('user.department.choose') },
    ...departments.map((department) => ({ value: String(department.id), label: department.name })),
    ...(value !== '' && !known ? [{ value, label: t('user.department.other', { id: value }) }] : []),
  ];
  return (
    <FieldShell name="department_id" labelId="user.field.department_id" errors={errors} required={required}>
      <HTMLSelect
        id={id}
        name="department_id"
        value={value}
        disabled={disabled}
        fill
        aria-invalid={(errors?.length ?? 0) > 0}
        aria-describedby={errorsIdFor(id, errors)}
        data-testid="department_id"
        onChange={(event) => onChange(event.currentTarget.value)}
        options={options}
      />
    </FieldShell>
  );
}
