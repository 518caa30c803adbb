import { Button, ButtonGroup, Callout, HTMLTable, Intent } from '@blueprintjs/core';
import { useT, useTranslateMaybeId } from '../../../i18n/use-t';
import { ResourceField } from '../resource-field';
import type { FormValues } from '../resource-view';
import type { KindProps } from './field-props';
import './children-field.css';

const rowsOf = (value: unknown): FormValues[] => (Array.isArray(value) ? (value as FormValues[]) : []);

/**
 * Rows edited with their record (IVR options, ring-group members, time ranges): one table row each,
 * one cell per child field, with buttons to move a row up or down and to remove it, and one to add a
 * row. A row's messages show in its cell (`<field>.<index>.<child>`, as the contract and the server
 * name them); messages about the whole list (too many rows) above the table.
 */
export function ChildrenField(props: KindProps<'children'>) {
  const { field, name, value, onChange, disabled, errors, values, setValue } = props;
  const t = useT();
  const translate = useTranslateMaybeId();
  const rows = rowsOf(value);
  const general = errors[name];
  const label = t(field.labelId);
  const setRow = (index: number, row: FormValues) => onChange(rows.map((r, i) => (i === index ? row : r)));
  const move = (index: number, by: -1 | 1) => {
    const next = [...rows];
    [next[index], next[index + by]] = [next[index + by]!, next[index]!];
    onChange(next);
  };
  const full = field.max !== undefined && rows.length >= field.max;
  return (
    <fieldset data-testid={name} style={{ border: 0, padding: 0, margin: '0 0 15px' }}>
      <legend style={{ marginBottom: 5 }}>
        {label}
        {field.required ? ` ${t('form.required_mark')}` : ''}
      </legend>
      {general && (
        <Callout compact intent={Intent.DANGER} role="alert" data-testid={`${name}-errors`} style={{ marginBottom: 8 }}>
          {general.map(translate).join(' ')}
        </Callout>
      )}
      {rows.length > 0 && (
        <HTMLTable compact className="children-table">
          <thead>
            <tr>
              {field.children.map((child) => (
                <th key={child.name}>{t(child.labelId)}</th>
              ))}
              <th className="children-row-actions">
                <span className="visually-hidden">{t('resource.actions')}</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {rows.map((row, index) => (
              <tr key={index} data-testid={`${name}.${index}`}>
                {field.children.map((child) => (
                  <td key={child.name}>
                    <ResourceField
                      field={child}
                      name={`${name}.${index}.${child.name}`}
                      value={row[child.name]}
                      onChange={(next) => setRow(index, { ...row, [child.name]: next })}
                      errors={errors}
                      disabled={disabled}
                      values={values}
                      setValue={setValue}
                      hiddenLabel={t('entity.children_cell', { field: t(child.labelId), row: index + 1 })}
                    />
                  </td>
                ))}
                <td className="children-row-actions">
                  <ButtonGroup variant="minimal">
                    <Button
                      icon="arrow-up"
                      data-testid={`${name}.${index}-up`}
                      aria-label={t('entity.children_up', { row: index + 1 })}
                      title={t('entity.children_up', { row: index + 1 })}
                      disabled={disabled || index === 0}
                      onClick={() => move(index, -1)}
                    />
                    <Button
                      icon="arrow-down"
                      data-testid={`${name}.${index}-down`}
                      aria-label={t('entity.children_down', { row: index + 1 })}
                      title={t('entity.children_down', { row: index + 1 })}
                      disabled={disabled || index === rows.length - 1}
                      onClick={() => move(index, 1)}
                    />
                    <Button
                      icon="trash"
                      intent={Intent.DANGER}
                      data-testid={`${name}.${index}-remove`}
                      aria-label={t('entity.children_remove', { row: index + 1 })}
                      title={t('entity.children_remove', { row: index + 1 })}
                      disabled={disabled}
                      onClick={() => onChange(rows.filter((_, i) => i !== index))}
                    />
                  </ButtonGroup>
                </td>
              </tr>
            ))}
          </tbody>
        </HTMLTable>
      )}
      <Button
        icon="add"
        variant="outlined"
        size="small"
        data-testid={`${name}-add`}
        text={t('entity.children_add', { field: label })}
        disabled={disabled || full}
        style={{ marginTop: 6 }}
        onClick={() => onChange([...rows, field.newRow()])}
      />
    </fieldset>
  );
}
