import { AnchorButton, Button, ButtonGroup, HTMLTable, Icon } from '@blueprintjs/core';
import type { AnyResourceContract, RecordOf } from '../../api/resources/resource-contract';
import { useT } from '../../i18n/use-t';
import { cellValue } from './cell-value';
import type { ResourceColumn, RowAction } from './resource-view';

export interface ResourceTableProps<C extends AnyResourceContract> {
  columns: readonly ResourceColumn<RecordOf<C>>[];
  records: readonly RecordOf<C>[];
  sortBy?: string;
  sortOrder?: 'asc' | 'desc';
  onSort: (sortField: string) => void;
  actions: (record: RecordOf<C>) => readonly RowAction<RecordOf<C>>[];
}

/**
 * The rows of one page. Blueprint's HTMLTable rather than @blueprintjs/table: a page holds at most 100
 * rows, so virtualisation buys nothing, and plain rows stay accessible and testable.
 */
export function ResourceTable<C extends AnyResourceContract>({ columns, records, sortBy, sortOrder, onSort, actions }: ResourceTableProps<C>) {
  const t = useT();
  return (
    <HTMLTable striped interactive compact data-testid="resource-table" style={{ width: '100%' }}>
      <thead>
        <tr>
          {columns.map((column) => {
            const sorted = column.sortField !== undefined && column.sortField === sortBy;
            return (
              <th key={column.key} aria-sort={sorted ? (sortOrder === 'desc' ? 'descending' : 'ascending') : undefined}>
                {column.sortField ? (
                  <Button
                    variant="minimal"
                    size="small"
                    data-testid={`sort-${column.key}`}
                    title={t('resource.sort_by', { column: t(column.labelId) })}
                    endIcon={sorted ? (sortOrder === 'desc' ? 'sort-desc' : 'sort-asc') : 'double-caret-vertical'}
                    onClick={() => onSort(column.sortField!)}
                    text={t(column.labelId)}
                  />
                ) : (
                  t(column.labelId)
                )}
              </th>
            );
          })}
          <th style={{ textAlign: 'right' }}>{t('resource.actions')}</th>
        </tr>
      </thead>
      <tbody>
        {records.map((record) => {
          const id = (record as { id: number }).id;
          return (
            <tr key={id} data-testid={`row-${id}`}>
              {columns.map((column) => (
                <td key={column.key}>{cellValue(column, record)}</td>
              ))}
              <td style={{ textAlign: 'right', whiteSpace: 'nowrap' }}>
                <ButtonGroup variant="minimal">
                  {actions(record).map((action) =>
                    action.disabledReasonId ? (
                      // AnchorButton: a disabled <button> gets no hover in some browsers, so its tooltip would never show.
                      <AnchorButton
                        key={action.key}
                        disabled
                        icon={<Icon icon={action.icon} />}
                        data-testid={`${action.key}-${id}`}
                        aria-label={t(action.labelId)}
                        title={t(action.disabledReasonId)}
                      />
                    ) : (
                      <Button
                        key={action.key}
                        icon={<Icon icon={action.icon} />}
                        data-testid={`${action.key}-${id}`}
                        aria-label={t(action.labelId)}
                        title={t(action.labelId)}
                        onClick={() => action.onClick(record)}
                      />
                    ),
                  )}
                </ButtonGroup>
              </td>
            </tr>
          );
        })}
      </tbody>
    </HTMLTable>
  );
}
