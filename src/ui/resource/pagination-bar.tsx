import { Button, ButtonGroup, HTMLSelect, Intent } from '@blueprintjs/core';
import { PAGE_SIZES, type PageSize } from '../../api/resources/resource-contract';
import { useT } from '../../i18n/use-t';
import type { MessageId } from '../../i18n/message-ids';
import { pageLinks, pageRange } from './page-links';

export interface PaginationBarProps {
  page: number;
  lastPage: number;
  perPage: number;
  total: number;
  onPage: (page: number) => void;
  onPageSize: (perPage: PageSize) => void;
}

/**
 * Page size (10 to 100), the range shown, first/previous, five page links either side, next/last. An empty
 * list keeps only the page size: "0–0 of 0" and a lone page 1 say nothing the list's own message does not.
 */
export function PaginationBar({ page, lastPage, perPage, total, onPage, onPageSize }: PaginationBarProps) {
  const t = useT();
  const range = pageRange(page, perPage, total);
  const nav = (icon: 'double-chevron-left' | 'chevron-left' | 'chevron-right' | 'double-chevron-right', target: number, labelId: MessageId) => (
    <Button icon={icon} aria-label={t(labelId)} title={t(labelId)} disabled={target === page || target < 1 || target > lastPage} onClick={() => onPage(target)} />
  );
  return (
    <nav data-testid="pagination" aria-label={t('resource.pagination')} style={{ display: 'flex', alignItems: 'center', gap: 12, flexWrap: 'wrap' }}>
      <label style={{ display: 'flex', alignItems: 'center', gap: 6 }}>
        {t('resource.per_page')}
        <HTMLSelect
          data-testid="page-size"
          value={perPage}
          onChange={(event) => onPageSize(Number(event.currentTarget.value) as PageSize)}
          options={PAGE_SIZES.map((size) => ({ value: size, label: String(size) }))}
        />
      </label>
      {total > 0 && <span data-testid="page-range">{t('resource.range', { from: range.from, to: range.to, total })}</span>}
      {total > 0 && (
        <ButtonGroup style={{ marginLeft: 'auto' }}>
          {nav('double-chevron-left', 1, 'resource.first_page')}
          {nav('chevron-left', page - 1, 'resource.previous_page')}
          {pageLinks(page, lastPage).map((link) => (
            <Button
              key={link}
              text={String(link)}
              data-testid={`page-link-${link}`}
              aria-label={t('resource.page_n', { page: link })}
              aria-current={link === page ? 'page' : undefined}
              intent={link === page ? Intent.PRIMARY : Intent.NONE}
              onClick={() => onPage(link)}
            />
          ))}
          {nav('chevron-right', page + 1, 'resource.next_page')}
          {nav('double-chevron-right', lastPage, 'resource.last_page')}
        </ButtonGroup>
      )}
    </nav>
  );
}
