import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http } from '../../api/http';
import { DRAFT_MAX_AGE_MS } from '../../api/form-drafts';
import { clearSession } from '../../api/storage';
import { makeUserInfo } from '../../api/testing/make-user-info';
import { setLanguage } from '../../i18n/language-store';
import { renderWithFreshCache } from '../resource/testing/render-resource';
import { ConsultationForm, type ConsultationFormProps } from './consultation-form';
import { CONSULTATIONS, fakeConsultationApi } from './testing/fake-consultation-api';

vi.mock('../../api/http', () => ({ http: { post: vi.fn() } }));
vi.mock('../feedback/toaster', () => ({ showToast: vi.fn(async () => {}) }));

const agent = makeUserInfo({ permissions: ['consultations'] });
const KEY = 'consultationDraft:1700.1';

/** The call pop-up's form; rendering it again is what reopening the pop-up or reloading does. */
function open(props: Partial<ConsultationFormProps> = {}, api = fakeConsultationApi()) {
  vi.mocked(http.post).mockImplementation(api.post as never);
  const view = renderWithFreshCache(<ConsultationForm phoneNumber="010-5555-0001" direction="inbound" callUniqueid="1700.1" memberId={1} subject={agent} {...props} />);
  return { api, view, user: userEvent.setup() };
}

async function writeUp(user: ReturnType<typeof userEvent.setup>) {
  await user.type(await screen.findByLabelText(/^Title/), '배송 문의');
  await waitFor(() => expect(screen.getByTestId('big_category')).toHaveTextContent('배송'));
  await user.selectOptions(screen.getByTestId('big_category'), '배송');
  await user.selectOptions(screen.getByTestId('small_category'), '지연');
  await user.selectOptions(screen.getByTestId('inquiry'), '불만');
  await user.type(screen.getByTestId('content'), '이틀째 도착하지 않음');
  await user.type(screen.getByTestId('custom_fields.visit_date'), '2025-03-02');
  await user.selectOptions(screen.getByTestId('treatment_result'), 'progress');
}

function expectWrittenUp() {
  expect(screen.getByLabelText(/^Title/)).toHaveValue('배송 문의');
  expect(screen.getByTestId('big_category')).toHaveValue('배송');
  expect(screen.getByTestId('small_category')).toHaveValue('지연');
  expect(screen.getByTestId('inquiry')).toHaveValue('불만');
  expect(screen.getByTestId('content')).toHaveValue('이틀째 도착하지 않음');
  expect(screen.getByTestId('treatment_result')).toHaveValue('progress');
}

beforeEach(() => {
  vi.mocked(http.post).mockReset();
  // Drafts are written only while signed in.
  localStorage.setItem('token', 't');
});
afterEach(() => setLanguage('en'));

describe('the call pop-up consultation form keeps a draft per call', () => {
  it('comes back with what was typed, categories and custom fields included, and says so', async () => {
    const first = open();
    await writeUp(first.user);
    expect(screen.queryByTestId('consultation-draft-restored')).toBeNull();
    first.view.unmount();

    open();
    expect(await screen.findByTestId('consultation-draft-restored')).toHaveTextContent('Restored the consultation you were writing.');
    expectWrittenUp();
    expect(await screen.findByTestId('custom_fields.visit_date')).toHaveValue('Mar 2, 2025');
  });

  it('can be discarded: the form starts empty again and the draft is gone', async () => {
    const first = open();
    await writeUp(first.user);
    first.view.unmount();

    const again = open();
    await again.user.click(await screen.findByTestId('consultation-draft-discard'));
    expect(screen.queryByTestId('consultation-draft-restored')).toBeNull();
    expect(await screen.findByLabelText(/^Title/)).toHaveValue('');
    expect(screen.getByTestId('content')).toHaveValue('');
    expect(localStorage.getItem(KEY)).toBeNull();
    again.view.unmount();
    open();
    expect(await screen.findByLabelText(/^Title/)).toHaveValue('');
    expect(screen.queryByTestId('consultation-draft-restored')).toBeNull();
  });

  it('is written while typing, so a reload finds it', async () => {
    const { user } = open();
    await user.type(await screen.findByLabelText(/^Title/), '환불');
    await waitFor(() => expect(JSON.parse(localStorage.getItem(KEY) ?? '{}').values?.title).toBe('환불'));
  });

  it('says it in Korean', async () => {
    const first = open();
    await first.user.type(await screen.findByLabelText(/^Title/), '환불');
    first.view.unmount();
    setLanguage('kr');
    open();
    expect(await screen.findByTestId('consultation-draft-restored')).toHaveTextContent('작성 중이던 상담 내용을 복원했습니다.');
  });

  it('is removed once the consultation is saved: the form opens empty again', async () => {
    const first = open();
    await writeUp(first.user);
    await waitFor(() => expect(localStorage.getItem(KEY)).not.toBeNull());
    await first.user.click(screen.getByTestId('resource-form-save'));
    await waitFor(() => expect(first.api.bodiesOf('consultation/store')).toHaveLength(1));
    expect(first.api.bodiesOf('consultation/store')[0]).toMatchObject({ title: '배송 문의', small_category: '지연', custom_fields: { visit_date: '2025-03-02' } });
    expect(await screen.findByText(/Consultation saved at/)).toBeInTheDocument();
    expect(screen.queryByTestId('consultation-draft-restored')).toBeNull();
    first.view.unmount();
    expect(localStorage.getItem(KEY)).toBeNull();

    open();
    expect(await screen.findByLabelText(/^Title/)).toHaveValue('');
    expect(screen.queryByTestId('consultation-draft-restored')).toBeNull();
  });

  it('typed after the first save, continues that consultation instead of creating a second one', async () => {
    const stored = { ...CONSULTATIONS[0]!, id: 10, call_uniqueid: '1700.1', title: '배송 문의' };
    const api = fakeConsultationApi({ 'consultation/view': (body) => ({ data: { ...stored, id: Number(body.id) } }) });
    const first = open({}, api);
    await first.user.type(await screen.findByLabelText(/^Title/), '배송 문의');
    await waitFor(() => expect(screen.getByTestId('big_category')).toHaveTextContent('배송'));
    await first.user.selectOptions(screen.getByTestId('big_category'), '배송');
    await first.user.click(screen.getByTestId('resource-form-save'));
    expect(await screen.findByText(/Consultation saved at/)).toBeInTheDocument();
    await first.user.type(screen.getByLabelText(/^Title/), ' 2');
    first.view.unmount();

    const again = open({}, api);
    expect(await screen.findByTestId('consultation-draft-restored')).toBeInTheDocument();
    expect(screen.getByLabelText(/^Title/)).toHaveValue('배송 문의 2');
    expect(screen.getByText(/Consultation saved at/)).toBeInTheDocument();
    await again.user.click(screen.getByTestId('resource-form-save'));
    await waitFor(() => expect(api.bodiesOf('consultation/update')).toHaveLength(1));
    expect(api.bodiesOf('consultation/update')[0]).toMatchObject({ id: 10, title: '배송 문의 2' });
    expect(api.bodiesOf('consultation/store')).toHaveLength(1);
  });

  it('is taken up by a form that learns its call after opening (the outbound pop-up dials)', async () => {
    const first = open();
    await writeUp(first.user);
    first.view.unmount();

    const props = { phoneNumber: '010-5555-0001', direction: 'outbound', memberId: 1, subject: agent } as const;
    const { view } = open({ callUniqueid: undefined });
    expect(await screen.findByLabelText(/^Title/)).toHaveValue('');
    view.rerender(<ConsultationForm {...props} callUniqueid="1700.1" />);
    expect(await screen.findByTestId('consultation-draft-restored')).toBeInTheDocument();
    expectWrittenUp();
  });

  it("is not used for another call's form", async () => {
    const first = open();
    await first.user.type(await screen.findByLabelText(/^Title/), '환불');
    first.view.unmount();

    open({ callUniqueid: '1700.2' });
    expect(await screen.findByLabelText(/^Title/)).toHaveValue('');
    expect(screen.queryByTestId('consultation-draft-restored')).toBeNull();
    expect(localStorage.getItem(KEY)).not.toBeNull();
  });

  it('is ignored and removed after 24 hours', async () => {
    const values = { title: '오래된 메모', big_category: '배송' };
    localStorage.setItem(KEY, JSON.stringify({ savedAt: Date.now() - DRAFT_MAX_AGE_MS - 60_000, recordId: null, values }));
    open();
    expect(await screen.findByLabelText(/^Title/)).toHaveValue('');
    expect(screen.queryByTestId('consultation-draft-restored')).toBeNull();
    expect(localStorage.getItem(KEY)).toBeNull();
  });

  it('goes with the session on sign-out; the language stays', async () => {
    setLanguage('kr');
    const first = open();
    await first.user.type(await screen.findByTestId('title'), '환불');
    first.view.unmount();
    expect(localStorage.getItem(KEY)).not.toBeNull();

    clearSession();
    expect(localStorage.getItem(KEY)).toBeNull();
    expect(localStorage.getItem('language')).toBe('kr');
    localStorage.setItem('token', 't');
    open();
    expect(await screen.findByTestId('title')).toHaveValue('');
    expect(screen.queryByTestId('consultation-draft-restored')).toBeNull();
  });
});
