import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import userEvent from '@testing-library/user-event';
import { CUSTOM_TABLE_KEYS, defaultCustomTableColumns, type CustomTableSettings } from '../../api/contracts/custom-table.contract';
import { http } from '../../api/http';
import { makeUserInfo } from '../../api/testing/make-user-info';
import { PopupContext, type PopupContextValue } from '../../shell/popups/popup-context';
import { openPopup } from '../../shell/popups/open-popup';
import { fakeConsultationApi } from '../../ui/consultation/testing/fake-consultation-api';
import { resetColumnSettings } from '../../ui/resource/column-settings-store';
import { renderWithFreshCache } from '../../ui/resource/testing/render-resource';
import ConsultationsScreen from './consultations-screen';
import EditConsultationPopup from './edit-consultation-popup';
import ViewConsultationPopup from './view-consultation-popup';

vi.mock('../../api/http', () => ({ http: { post: vi.fn() } }));
vi.mock('../../ui/feedback/toaster', () => ({ showToast: vi.fn(async () => {}) }));
vi.mock('../../shell/popups/open-popup', () => ({ openPopup: vi.fn() }));
vi.mock('../../shell/session/session-selectors', () => ({ useUserInfo: () => makeUserInfo({ permissions: ['consultations'] }) }));

/** A date filter reads what is typed in the page's language when it loses focus (ui/forms/day-input.tsx). */
function typeDay(testId: string, text: string) {
  fireEvent.change(screen.getByTestId(testId), { target: { value: text } });
  fireEvent.blur(screen.getByTestId(testId));
}

const headers = () => within(screen.getByTestId('resource-table')).getAllByRole('columnheader').map((th) => th.textContent);

beforeEach(() => {
  vi.mocked(http.post).mockReset();
  vi.mocked(openPopup).mockClear();
  resetColumnSettings();
});

describe('/consultations/consultations', () => {
  it("shows the company's columns in the company's order", async () => {
    const tables: CustomTableSettings[] = CUSTOM_TABLE_KEYS.map((table) => ({ table, columns: defaultCustomTableColumns(table), is_default: true, updated_at: null }));
    tables[1] = {
      table: 'consultations',
      columns: [{ key: 'treatment_result', visible: true }, { key: 'title', visible: true }, ...defaultCustomTableColumns('consultations').filter((c) => !['treatment_result', 'title'].includes(c.key)).map((c) => ({ ...c, visible: false }))],
      is_default: false,
      updated_at: '2025-03-02T00:00:00.000Z',
    };
    const api = fakeConsultationApi({}, tables);
    vi.mocked(http.post).mockImplementation(api.post as never);
    renderWithFreshCache(<MemoryRouter><ConsultationsScreen /></MemoryRouter>);
    expect(await screen.findByTestId('row-1')).toHaveTextContent('Complete');
    await waitFor(() => expect(headers()).toEqual(['Treatment result', 'Title', 'Actions']));
  });

  it('without company settings shows the default columns', async () => {
    vi.mocked(http.post).mockImplementation(fakeConsultationApi().post as never);
    renderWithFreshCache(<MemoryRouter><ConsultationsScreen /></MemoryRouter>);
    await screen.findByTestId('row-1');
    await waitFor(() => expect(headers()).toContain('Agent'));
    expect(headers()).not.toContain('Content');
    expect(screen.getByTestId('row-1')).toHaveTextContent('이민호');
    expect(screen.getByTestId('row-1')).toHaveTextContent('010-5555-0001');
    // Importing needs `consultations`; exporting `consultation_export`, which this agent lacks.
    expect(screen.getByTestId('import-link')).toBeInTheDocument();
    expect(screen.queryByTestId('export-button')).not.toBeInTheDocument();
  });

  it('filters by a date range, agent and treatment result', async () => {
    const api = fakeConsultationApi();
    vi.mocked(http.post).mockImplementation(api.post as never);
    const user = userEvent.setup();
    renderWithFreshCache(<MemoryRouter><ConsultationsScreen /></MemoryRouter>);
    await screen.findByTestId('row-1');
    typeDay('filter-date_from', 'Mar 1, 2025');
    typeDay('filter-date_to', '2025-03-31');
    await waitFor(() => expect(screen.getByTestId('filter-agent_id')).toHaveTextContent('박서준'));
    await user.selectOptions(screen.getByTestId('filter-agent_id'), '5');
    await user.selectOptions(screen.getByTestId('filter-treatment_result'), 'waiting');
    await waitFor(() =>
      expect(api.bodiesOf('consultation/list').at(-1)).toEqual({ page: 1, per_page: 10, date_from: '2025-03-01', date_to: '2025-03-31', agent_id: '5', treatment_result: 'waiting' }),
    );
  });

  it('flags an end date before the start date', async () => {
    vi.mocked(http.post).mockImplementation(fakeConsultationApi().post as never);
    renderWithFreshCache(<MemoryRouter><ConsultationsScreen /></MemoryRouter>);
    await screen.findByTestId('row-1');
    typeDay('filter-date_from', '2025-03-10');
    typeDay('filter-date_to', '2025-03-01');
    expect(await screen.findByTestId('filter-date_to-reversed')).toHaveTextContent('The end date is before the start date');
    typeDay('filter-date_to', 'Mar 10, 2025');
    await waitFor(() => expect(screen.queryByTestId('filter-date_to-reversed')).not.toBeInTheDocument());
  });

  it('offers the small categories of the chosen big category, and drops one that no longer fits', async () => {
    const api = fakeConsultationApi();
    vi.mocked(http.post).mockImplementation(api.post as never);
    const user = userEvent.setup();
    renderWithFreshCache(<MemoryRouter><ConsultationsScreen /></MemoryRouter>);
    await screen.findByTestId('row-1');
    const smallOptions = () => [...screen.getByTestId('filter-small_category').querySelectorAll('option')].map((o) => o.value);
    await waitFor(() => expect(smallOptions()).toEqual(['', '가격', '지연', '파손']));
    await user.selectOptions(screen.getByTestId('filter-big_category'), '배송');
    expect(smallOptions()).toEqual(['', '지연', '파손']);
    await user.selectOptions(screen.getByTestId('filter-small_category'), '파손');
    await user.selectOptions(screen.getByTestId('filter-big_category'), '상품');
    expect(smallOptions()).toEqual(['', '가격']);
    await waitFor(() => expect(api.bodiesOf('consultation/list').at(-1)).toEqual({ page: 1, per_page: 10, big_category: '상품' }));
  });

  it('opens the view and edit pop-ups with the member and the consultation', async () => {
    vi.mocked(http.post).mockImplementation(fakeConsultationApi().post as never);
    const user = userEvent.setup();
    renderWithFreshCache(<MemoryRouter><ConsultationsScreen /></MemoryRouter>);
    await user.click(await screen.findByTestId('view-1'));
    expect(openPopup).toHaveBeenCalledWith('view-consultation', { id: 1, consultationId: 1 });
    await user.click(screen.getByTestId('edit-1'));
    expect(openPopup).toHaveBeenCalledWith('edit-consultation', { id: 1, consultationId: 1 });
    await user.click(screen.getByTestId('continue-call-1'));
    expect(openPopup).toHaveBeenCalledWith('edit-outbound', { id: 1, consultationId: 1 });
  });

  /** The add form, with 010-5555-0001 belonging to 김민준 alone. */
  async function openAddFormWithOneMember() {
    const api = fakeConsultationApi({
      'member/phone-number/010-5555-0001': () => ({ phone_number: '01055550001', memberCount: 1, data: [
        { id: 1, name: '김민준', phone_number: '01055550001', company_name: null, groups: [], levels: [], custom_fields: {}, is_mobile: true, created_at: '2025-01-01', updated_at: '2025-01-01' },
      ] }),
    });
    vi.mocked(http.post).mockImplementation(api.post as never);
    const user = userEvent.setup();
    renderWithFreshCache(<MemoryRouter><ConsultationsScreen /></MemoryRouter>);
    await screen.findByTestId('row-1');
    await user.click(screen.getByTestId('resource-add'));
    return { api, user };
  }

  it('adds a consultation with its number, the member who has it and the direction', async () => {
    const { api, user } = await openAddFormWithOneMember();
    expect(screen.getByTestId('member_id')).toHaveTextContent('Enter the phone number first');
    await user.type(screen.getByLabelText(/^Phone number/), '010-5555-0001');
    // The only member with the number is chosen without asking (QA: saved with no member).
    await waitFor(() => expect(screen.getByTestId('member_id')).toHaveValue('1'));
    await user.selectOptions(screen.getByTestId('direction'), 'outbound');
    await user.type(screen.getByLabelText(/^Title/), '회신');
    await user.selectOptions(screen.getByTestId('big_category'), '상품');
    await user.click(screen.getByTestId('resource-form-save'));
    await waitFor(() => expect(api.bodiesOf('consultation/store')).toHaveLength(1));
    expect(api.bodiesOf('consultation/store')[0]).toMatchObject({ phone_number: '010-5555-0001', member_id: 1, direction: 'outbound', title: '회신', big_category: '상품' });
  });

  it('keeps "No member" once the user chose it for that number', async () => {
    const { api, user } = await openAddFormWithOneMember();
    await user.type(screen.getByLabelText(/^Phone number/), '010-5555-0001');
    await waitFor(() => expect(screen.getByTestId('member_id')).toHaveValue('1'));
    await user.selectOptions(screen.getByTestId('member_id'), '');
    await user.type(screen.getByLabelText(/^Title/), '익명 문의');
    await user.selectOptions(screen.getByTestId('big_category'), '상품');
    expect(screen.getByTestId('member_id')).toHaveValue('');
    await user.click(screen.getByTestId('resource-form-save'));
    await waitFor(() => expect(api.bodiesOf('consultation/store')).toHaveLength(1));
    expect(api.bodiesOf('consultation/store')[0]).toMatchObject({ member_id: null });
  });
});

describe('consultation pop-ups', () => {
  const inPopup = (ui: React.ReactElement, close = vi.fn()) => {
    const popup: PopupContextValue = { popupId: 'x', presentation: 'dialog', params: { id: '1', consultationId: '1' }, query: {}, close };
    renderWithFreshCache(<PopupContext value={popup}>{ui}</PopupContext>);
    return close;
  };

  it('outbound/{id}/view-consultation/{consultationId} shows every field', async () => {
    vi.mocked(http.post).mockImplementation(fakeConsultationApi().post as never);
    inPopup(<ViewConsultationPopup />);
    const detail = await screen.findByTestId('resource-detail');
    expect(detail).toHaveTextContent('배송 지연 문의');
    expect(detail).toHaveTextContent('이틀 지연');
    expect(detail).toHaveTextContent('Inbound');
  });

  it('outbound/{id}/edit-consultation/{consultationId} saves and closes', async () => {
    const api = fakeConsultationApi();
    vi.mocked(http.post).mockImplementation(api.post as never);
    const close = inPopup(<EditConsultationPopup />);
    const user = userEvent.setup();
    await user.selectOptions(await screen.findByTestId('treatment_result'), 'waiting');
    await user.click(screen.getByTestId('resource-form-save'));
    await waitFor(() => expect(close).toHaveBeenCalled());
    expect(api.bodiesOf('consultation/update')[0]).toMatchObject({ id: 1, treatment_result: 'waiting', title: '배송 지연 문의' });
  });
});
