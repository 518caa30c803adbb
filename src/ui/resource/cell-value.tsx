import type { ReactNode } from 'react';
import { formatDay } from '../../i18n/dates';
import type { ResourceColumn } from './resource-view';

/**
 * A column's content for a record: its renderer, or the plain value (lists joined, objects as pairs; a
 * custom field's `YYYY-MM-DD` day in the page's format).
 */
export function cellValue<R>(column: ResourceColumn<R>, record: R): ReactNode {
  if (column.render) return column.render(record);
  const value = (record as Record<string, unknown>)[column.key];
  if (value === null || value === undefined) return '';
  if (Array.isArray(value)) return value.join(', ');
  if (typeof value === 'object') {
    return Object.entries(value as Record<string, unknown>)
      .map(([key, item]) => `${key}: ${typeof item === 'string' ? formatDay(item) : String(item)}`)
      .join(', ');
  }
  return String(value);
}
