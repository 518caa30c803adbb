import { screen, within } from '@testing-library/react';
import { renderWithProviders } from '../testing/render-with-providers';
import { ResourceTable } from './resource-table';
import { ResourceToolbar } from './resource-toolbar';
import type { ResourceColumn, ResourceFilter } from './resource-view';

// jsdom does not lay out: these check that the classes carrying the rules of resource-list.css are on
// the right elements (the rules themselves were checked in Chromium).

type Row = { id: number; name: string; kind: string };
const columns: ResourceColumn<Row>[] = [
  { key: 'name', labelId: 'member_group.field.name' },
  { key: 'kind', labelId: 'member_custom_field.field.field_type' },
];
const unbroken = 'W'.repeat(200);
const records: Row[] = [
  { id: 1, name: '고객지원팀', kind: 'a' },
  { id: 2, name: unbroken, kind: 'b' },
];

function renderTable() {
  renderWithProviders(
    <ResourceTable columns={columns} records={records} onSort={() => {}} actions={() => [{ key: 'edit', labelId: 'resource.edit', icon: 'edit', onClick: () => {} }]} />,
  );
  return screen.getByTestId('resource-table');
}

describe('list table text (QA 5, 6)', () => {
  it('wraps table text without splitting Korean words (keep-all + break-word on every cell)', () => {
    const table = renderTable();
    expect(table).toHaveClass('resource-table');
    for (const cell of within(table).getAllByRole('cell').slice(0, 2)) expect(cell.firstElementChild).toHaveClass('resource-cell');
    expect(within(screen.getByTestId('row-1')).getByText('고객지원팀')).not.toHaveClass('resource-cell-unbroken');
  });

  it('lets a long unbroken value wrap anywhere, caps it to a few lines and keeps all of it in its title', () => {
    renderTable();
    const value = within(screen.getByTestId('row-2')).getByText(unbroken);
    expect(value).toHaveClass('resource-cell', 'resource-cell-unbroken');
    expect(value).toHaveAttribute('title', unbroken);
    expect(within(screen.getByTestId('row-1')).getByText('고객지원팀')).not.toHaveAttribute('title');
  });

  it('keeps the row actions on one line, and the table scrolls inside the list rather than the page', () => {
    const table = renderTable();
    expect(screen.getByTestId('edit-2').closest('td')).toHaveClass('resource-actions-cell');
    expect(table.parentElement).toHaveClass('resource-table-scroll');
  });
});

describe('filter selects (QA 4)', () => {
  const longName = '고객지원및기술지원통합운영센터'.repeat(6);
  const filters: ResourceFilter[] = [
    { name: 'department', labelId: 'consultation.field.department', useOptions: () => [{ value: 'long', label: longName }, { value: 'short', label: '영업팀' }] },
  ];
  const renderToolbar = (value?: string) =>
    renderWithProviders(<ResourceToolbar searchable searchPlaceholder="Search" onSearch={() => {}} filters={filters} filterValues={{ department: value }} onFilter={() => {}} />);

  it('caps the width of a filter select (the class carrying max-width and the ellipsis)', () => {
    renderToolbar();
    const select = screen.getByTestId('filter-department');
    expect(select.parentElement).toHaveClass('bp6-html-select', 'resource-filter-select');
    // The open list still shows every option whole.
    expect(within(select).getByRole('option', { name: longName })).toBeInTheDocument();
  });

  it('shows the whole chosen option as the select’s title', () => {
    renderToolbar('long');
    expect(screen.getByTestId('filter-department')).toHaveAttribute('title', longName);
  });

  it('titles the select with its “all” text when nothing is chosen', () => {
    renderToolbar();
    expect(screen.getByTestId('filter-department')).toHaveAttribute('title', 'Department: all');
  });
});
