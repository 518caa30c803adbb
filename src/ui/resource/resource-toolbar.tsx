import { Button, ControlGroup, HTMLSelect, InputGroup, Intent, Tag } from '@blueprintjs/core';
import { useEffect, useState, type FormEvent, type ReactNode } from 'react';
import { MAX_SEARCH_LENGTH } from '../../api/resources/resource-contract';
import { useT } from '../../i18n/use-t';
import { DayInput } from '../forms/day-input';
import { useOptionLabel } from './option-label';
import type { ResourceFilter } from './resource-view';
import './resource-list.css';

export interface ResourceToolbarProps {
  searchable: boolean;
  searchPlaceholder: string;
  onSearch: (search: string) => void;
  filters: readonly ResourceFilter[];
  filterValues: Record<string, unknown>;
  onFilter: (name: string, value: string | undefined) => void;
  /** Column settings, the entity's own buttons, the add button. */
  children?: ReactNode;
  /** The search the list has now (e.g. remembered from before a reload), shown in the box. */
  search?: string | undefined;
  /** The server refused the search: the box is marked invalid and described by the element with this id. */
  searchErrorId?: string | undefined;
}

/**
 * Wide enough for the whole placeholder, which says what can be searched (QA: "Name, username or
 * exten…"): Hangul and other wide characters take about two `ch`, plus room for the search icon.
 */
function widthToShow(text: string): string {
  const units = [...text].reduce((sum, char) => sum + (char.codePointAt(0)! >= 0x1100 ? 2 : 1), 0);
  // `ch` is a digit's width; capitals and wide letters (m, w) take more (QA: "Name or phone numbe").
  return `min(calc(${Math.ceil(Math.max(units, 16) * 1.15)}ch + 40px), 60vw)`;
}

/** Search (on Enter or the button), one select per filter, and whatever the screen adds on the right. */
export function ResourceToolbar({ searchable, searchPlaceholder, onSearch, filters, filterValues, onFilter, children, search, searchErrorId }: ResourceToolbarProps) {
  const t = useT();
  const [text, setText] = useState(search ?? '');
  const searchWidth = widthToShow(searchPlaceholder);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSearch(text);
  };
  return (
    <div style={{ display: 'flex', gap: 8, flexWrap: 'wrap', alignItems: 'center' }}>
      {searchable && (
        <form role="search" onSubmit={submit}>
          <ControlGroup>
            <InputGroup
              type="search"
              leftIcon="search"
              data-testid="resource-search"
              // Where focus goes when a dialog closes and the list has no table left (focus-return.ts).
              data-focus-fallback="2"
              aria-label={searchPlaceholder}
              placeholder={searchPlaceholder}
              // The minimum too: a toolbar short of room would otherwise shrink it first.
              style={{ width: searchWidth, minWidth: searchWidth }}
              // No longer than the list API takes (listQuerySchema); a longer one still answers 422, said in the list.
              maxLength={MAX_SEARCH_LENGTH}
              intent={searchErrorId ? Intent.DANGER : Intent.NONE}
              aria-invalid={Boolean(searchErrorId)}
              aria-describedby={searchErrorId}
              value={text}
              onChange={(event) => setText(event.currentTarget.value)}
            />
            <Button type="submit" intent={Intent.PRIMARY} data-testid="resource-search-submit" text={t('resource.search')} />
          </ControlGroup>
        </form>
      )}
      {filters.map((filter) =>
        filter.kind === 'date' ? (
          <FilterDate
            key={filter.name}
            filter={filter}
            value={filterValues[filter.name]}
            start={filter.notBefore ? filterValues[filter.notBefore] : undefined}
            onChange={(value) => onFilter(filter.name, value)}
          />
        ) : (
          <FilterSelect
            key={filter.name}
            filter={filter}
            filters={filterValues}
            value={filterValues[filter.name]}
            onChange={(value) => onFilter(filter.name, value)}
          />
        ),
      )}
      <div style={{ marginLeft: 'auto', display: 'flex', gap: 8 }}>{children}</div>
    </div>
  );
}

type FilterProps<K> = { filter: Extract<ResourceFilter, { kind?: K }>; value: unknown; onChange: (value: string | undefined) => void };

/**
 * A day, shown and typed in the page's language (forms/day-input.tsx); it holds `YYYY-MM-DD`, exactly what
 * the filter takes. No label shows beside it, so its placeholder names it.
 */
function FilterDate({ filter, value, start, onChange }: FilterProps<'date'> & { start?: unknown }) {
  const t = useT();
  // ISO days compare as text.
  const reversed = typeof value === 'string' && typeof start === 'string' && value !== '' && value < start;
  return (
    <>
      <DayInput
        data-testid={`filter-${filter.name}`}
        aria-label={t(filter.labelId)}
        title={t(filter.labelId)}
        placeholder={t(filter.labelId)}
        intent={reversed ? Intent.DANGER : Intent.NONE}
        style={{ width: '11em' }}
        value={typeof value === 'string' ? value : ''}
        onChange={(day) => onChange(day || undefined)}
      />
      {reversed && (
        <Tag minimal intent={Intent.DANGER} role="alert" data-testid={`filter-${filter.name}-reversed`}>
          {t('resource.date_range_reversed')}
        </Tag>
      )}
    </>
  );
}

function FilterSelect({ filter, filters, value, onChange }: FilterProps<'select'> & { filters: Readonly<Record<string, unknown>> }) {
  const t = useT();
  const label = useOptionLabel();
  const options = filter.useOptions(filters);
  // Options still loading are empty: only a loaded list can say the chosen value is gone.
  const gone = typeof value === 'string' && value !== '' && options.length > 0 && !options.some((o) => o.value === value);
  useEffect(() => {
    if (gone) onChange(undefined);
  }, [gone, onChange]);
  const choices = [{ value: '', label: t('resource.filter_all', { filter: t(filter.labelId) }) }, ...options.map((o) => ({ value: o.value, label: label(o) }))];
  const selected = typeof value === 'string' ? value : '';
  return (
    <HTMLSelect
      // Capped in width with an ellipsis (resource-list.css); the title shows the whole chosen option.
      className="resource-filter-select"
      data-testid={`filter-${filter.name}`}
      aria-label={t(filter.labelId)}
      title={choices.find((choice) => choice.value === selected)?.label}
      value={selected}
      onChange={(event) => onChange(event.currentTarget.value || undefined)}
      options={choices}
    />
  );
}
