import { AnchorButton, Button, ButtonGroup, HTMLTable, Icon } from '@blueprintjs/core';
import type { ReactNode } from 'react';
import type { AnyResourceContract, RecordOf } from '../../api/resources/resource-contract';
import { useT } from '../../i18n/use-t';
import { cellValue } from './cell-value';
import type { ResourceColumn, RowAction } from './resource-view';
import './resource-list.css';

/** Text longer than this may be cut at the cell's last line: its title then holds all of it. */
const LONG_TEXT = 120;
/** A run without a break this long is not a word: it may wrap anywhere (resource-list.css). */
const UNBROKEN_RUN = /\S{24,}/;

/** The class and title of a cell's content box. */
function cellProps(value: ReactNode): { className: string; title?: string } {
  if (typeof value !== 'string') return { className: 'resource-cell' };
  return {
    className: UNBROKEN_RUN.test(value) ? 'resource-cell resource-cell-unbroken' : 'resource-cell',
    ...(value.length > LONG_TEXT ? { title: value } : {}),
  };
}

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
 * rows, so virtualisation buys nothing, and plain rows stay accessible and testable. Long values wrap
 * and are capped in width and lines (resource-list.css), so the row actions stay on screen. The table is
 * where focus goes back to when the row that opened a dialog has gone (ui/focus/focus-return.ts).
 */
export function ResourceTable<C extends AnyResourceContract>({ columns, records, sortBy, sortOrder, onSort, actions }: ResourceTableProps<C>) {
  const t = useT();
  return (
    <div className="resource-table-scroll">
      <HTMLTable striped interactive compact className="resource-table" data-testid="resource-table" style={{ width: '100%' }} data-focus-fallback="1">
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
            <th className="resource-actions-cell">{t('resource.actions')}</th>
          </tr>
        </thead>
        <tbody>
          {records.map((record) => {
            const id = (record as { id: number }).id;
            return (
              <tr key={id} data-testid={`row-${id}`}>
                {columns.map((column) => {
                  const value = cellValue(column, record);
                  return (
                    <td key={column.key}>
                      <div {...cellProps(value)}>{value}</div>
                    </td>
                  );
                })}
                <td className="resource-actions-cell">
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
    </div>
  );
}
