import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { blacklistEntity } from '../../api/contracts/blacklist.contract';
import { messageCategoryEntity } from '../../api/contracts/message-category.contract';
import { messageTemplateEntity } from '../../api/contracts/message-template.contract';
import { transferEntity } from '../../api/contracts/transfer.contract';
import { defineEntity, type AnyEntity } from '../../api/entities/define-entity';
import { enumField, phoneField, textareaField } from '../../api/entities/entity-fields';
import { http } from '../../api/http';
import { makeUserInfo } from '../../api/testing/make-user-info';
import { viewOf } from './entity-view';
import { resetColumnSettings } from './column-settings-store';
import { ResourceListPanel } from './resource-list-panel';
import { fakeEntityServer } from './testing/fake-entity-server';
import { renderWithFreshCache } from './testing/render-resource';

vi.mock('../../api/http', () => ({ http: { post: vi.fn() } }));
vi.mock('../feedback/toaster', () => ({ showToast: vi.fn(async () => {}) }));

const manager = makeUserInfo({ role: 'manager', username: 'manager', permissions: [] });
const agentWithBlacklist = makeUserInfo({ permissions: ['blacklist'] });
const agent = makeUserInfo();

const BLACKLISTED = [
  { id: 1, phone_number: '01055550001', direction: 'inbound', memo: 'Spam', created_at: '2026-11-27T00:00:00Z', updated_at: '2026-11-27T00:00:00Z' },
  { id: 2, phone_number: '0221234567', direction: 'both', memo: '', created_at: '2026-11-26T00:00:00Z', updated_at: '2026-11-26T00:00:00Z' },
];

function serve(entities: readonly AnyEntity[] = [blacklistEntity, messageCategoryEntity, messageTemplateEntity], seed = {}) {
  const server = fakeEntityServer(entities, { blacklist: BLACKLISTED, ...seed });
  vi.mocked(http.post).mockImplementation((path: string, body?: unknown) => server.handle(path, body) as never);
  return server;
}

beforeEach(() => {
  vi.mocked(http.post).mockReset();
  resetColumnSettings();
});

describe('viewOf', () => {
  it('derives columns, fields, filters, empty values and names from the description', () => {
    const view = viewOf(blacklistEntity);
    expect(view.nounId).toBe('blacklist.noun');
    expect(view.columns.map((c) => [c.key, c.labelId, c.sortField ?? null, c.defaultHidden ?? false])).toEqual([
      ['phone_number', 'blacklist.field.phone_number', 'phone_number', false],
      ['direction', 'blacklist.field.direction', 'direction', false],
      ['memo', 'blacklist.field.memo', null, false],
      ['created_at', 'entity.field.created_at', 'created_at', false],
      ['updated_at', 'entity.field.updated_at', 'updated_at', true],
    ]);
    expect(view.fields.map((f) => [f.name, f.kind, f.required ?? false])).toEqual([
      ['phone_number', 'tel', true],
      ['direction', 'select', false],
      ['memo', 'textarea', false],
    ]);
    expect(view.fields[1]).toMatchObject({ noBlank: true });
    expect(view.filters?.map((f) => f.name)).toEqual(['direction']);
    expect(view.searchFieldIds).toEqual(['blacklist.field.phone_number', 'blacklist.field.memo']);
    expect(view.emptyValues()).toEqual({ phone_number: '', direction: 'both', memo: '' });
    expect(view.toFormValues(BLACKLISTED[0] as never)).toEqual({ phone_number: '01055550001', direction: 'inbound', memo: 'Spam' });
    expect(view.describe(BLACKLISTED[0] as never)).toBe('01055550001');
  });

  it('keeps long text and collections out of the list but in the view dialog', () => {
    const view = viewOf(messageTemplateEntity);
    expect(view.columns.map((c) => c.key)).toEqual(['title', 'content', 'category_id', 'created_at', 'updated_at']);
    const quiet = defineEntity({ name: 'blacklist', table: 't', fields: { phone_number: phoneField(), memo: textareaField() }, access: { read: {}, write: {} } });
    expect(viewOf(quiet).columns.map((c) => c.key)).toEqual(['phone_number', 'created_at', 'updated_at']);
    expect(viewOf(quiet).details?.map((c) => c.key)).toEqual(['phone_number', 'memo', 'created_at', 'updated_at']);
  });

  it('merges overrides by name: parts replaced, `false` left out, new names added at the end', () => {
    const view = viewOf(blacklistEntity, {
      columns: { memo: false, direction: { defaultHidden: true }, note: { key: 'note', labelId: 'blacklist.field.memo', render: () => 'x' } },
      fields: { memo: { required: true } },
      filters: { direction: false },
      nounId: 'member.noun',
    });
    expect(view.columns.map((c) => c.key)).toEqual(['phone_number', 'direction', 'created_at', 'updated_at', 'note']);
    expect(view.columns[1]).toMatchObject({ key: 'direction', sortField: 'direction', defaultHidden: true });
    expect(view.fields.find((f) => f.name === 'memo')).toMatchObject({ kind: 'textarea', required: true });
    expect(view.filters).toEqual([]);
    expect(view.nounId).toBe('member.noun');
  });
});

describe('the derived list', () => {
  it('shows choices by label, numbers grouped, days in the page’s language, and says what the search reads', async () => {
    serve();
    renderWithFreshCache(<ResourceListPanel view={viewOf(blacklistEntity)} subject={manager} />);
    const row = await screen.findByTestId('row-1');
    expect(within(row).getByTestId('phone_number-link')).toHaveTextContent('010-5555-0001');
    expect(row).toHaveTextContent('Incoming calls');
    expect(row).toHaveTextContent('Nov 27, 2026');
    expect(screen.getByTestId('resource-search')).toHaveAttribute('placeholder', 'Search: Phone number, Memo');
    expect(within(screen.getByTestId('filter-direction')).getAllByRole('option').map((o) => o.textContent)).toEqual([
      'Blocks: all',
      'Incoming calls',
      'Outgoing calls',
      'Both directions',
    ]);
  });

  it('names a referenced record by its title and filters by it', async () => {
    const server = serve([messageCategoryEntity, messageTemplateEntity], {
      'message-category': [{ id: 7, title: 'Greetings', description: 'Hello', created_at: '2026-11-27T00:00:00Z', updated_at: '2026-11-27T00:00:00Z' }],
      'message-template': [{ id: 1, title: 'Welcome', content: 'Hi', category_id: 7, created_at: '2026-11-27T00:00:00Z', updated_at: '2026-11-27T00:00:00Z' }],
    });
    const user = userEvent.setup();
    renderWithFreshCache(<ResourceListPanel view={viewOf(messageTemplateEntity)} subject={manager} />);
    await waitFor(() => expect(screen.getByTestId('row-1')).toHaveTextContent('Greetings'));
    await user.selectOptions(screen.getByTestId('filter-category_id'), '7');
    await waitFor(() => expect(server.lastRequest('message-template/list')).toEqual({ page: 1, per_page: 10, category_id: '7' }));
  });

  it('offers only the writes the contract offers', async () => {
    serve();
    const editOnly = { ...blacklistEntity, contract: { ...blacklistEntity.contract, operations: ['update'] as const } };
    renderWithFreshCache(<ResourceListPanel view={viewOf(editOnly)} subject={manager} />);
    await screen.findByTestId('row-1');
    expect(screen.getByTestId('edit-1')).toBeInTheDocument();
    expect(screen.queryByTestId('delete-1')).not.toBeInTheDocument();
    expect(screen.queryByTestId('resource-add')).not.toBeInTheDocument();
  });

  it('exports the list’s search, filter and sort (not its page) with a download token of the entity’s purpose', async () => {
    const server = serve();
    const tab = { closed: false, location: { href: '' }, close: vi.fn() };
    const open = vi.spyOn(window, 'open').mockReturnValue(tab as unknown as Window);
    const user = userEvent.setup();
    renderWithFreshCache(<ResourceListPanel view={viewOf(blacklistEntity)} subject={agentWithBlacklist} />);
    await screen.findByTestId('row-1');
    await user.type(screen.getByTestId('resource-search'), '010{Enter}');
    await user.selectOptions(screen.getByTestId('filter-direction'), 'inbound');
    await user.click(screen.getByTestId('sort-phone_number'));
    await user.click(screen.getByTestId('export-button'));
    const params = { search: '010', direction: 'inbound', sort_by: 'phone_number', sort_order: 'asc', lang: 'en' };
    await waitFor(() => expect(tab.location.href).toBe(`/api/v1/blacklist/export?${new URLSearchParams({ ...params, token: 'download-token-5' })}`));
    expect(server.lastRequest('download-token')).toEqual({ purpose: 'blacklist-export', params });
    open.mockRestore();
  });

  it('shows no export, add, edit or delete to whoever the rules refuse', async () => {
    serve();
    renderWithFreshCache(<ResourceListPanel view={viewOf(blacklistEntity)} subject={agent} />);
    await screen.findByTestId('row-1');
    for (const id of ['export-button', 'resource-add', 'edit-1', 'delete-1']) expect(screen.queryByTestId(id)).not.toBeInTheDocument();
  });
});

it('an enum without a default offers "Choose…"', () => {
  const entity = defineEntity({ name: 'blacklist', table: 't', fields: { direction: enumField(['inbound', 'outbound']) }, access: { read: {}, write: {} } });
  expect(viewOf(entity).fields[0]).toMatchObject({ kind: 'select', noBlank: false });
});

describe("the company's user directory (users/extensions, a manager's list)", () => {
  const FORWARDING = { id: 1, extension: '1001', number: '01055550001', active: true, starts_at: null, ends_at: null, live: true, created_at: '2026-11-27T00:00:00Z', updated_at: '2026-11-27T00:00:00Z' };
  const asked = () => vi.mocked(http.post).mock.calls.filter(([path]) => path === 'users/extensions').length;

  it('is asked for by a manager’s list, to name who holds each extension', async () => {
    serve([transferEntity], { transfer: [FORWARDING] });
    renderWithFreshCache(<ResourceListPanel view={viewOf(transferEntity)} subject={manager} />);
    await screen.findByText('010-5555-0001');
    await waitFor(() => expect(asked()).toBe(1));
  });

  it('is not asked for by an agent’s list, which would be refused: the numbers show as they are', async () => {
    serve([transferEntity], { transfer: [FORWARDING] });
    renderWithFreshCache(<ResourceListPanel view={viewOf(transferEntity)} subject={makeUserInfo({ permissions: ['cti_call_forwarding'] })} />);
    await screen.findByText('010-5555-0001');
    expect(screen.getAllByText(/1001/).length).toBeGreaterThan(0);
    expect(asked()).toBe(0);
  });
});
