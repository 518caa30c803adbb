import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http } from '../../api/http';
import { makeUserInfo } from '../../api/testing/make-user-info';
import { setLanguage } from '../../i18n/language-store';
import { showToast } from '../feedback/toaster';
import { renderWithFreshCache } from '../resource/testing/render-resource';
import { ConsultationForm, type ConsultationFormProps } from './consultation-form';
import { CONSULTATIONS, fakeConsultationApi } from './testing/fake-consultation-api';

vi.mock('../../api/http', () => ({ http: { post: vi.fn() } }));
vi.mock('../feedback/toaster', () => ({ showToast: vi.fn(async () => {}) }));

const agent = makeUserInfo({ permissions: ['consultations'] });

function setup(props: Partial<ConsultationFormProps> = {}, api = fakeConsultationApi()) {
  vi.mocked(http.post).mockImplementation(api.post as never);
  renderWithFreshCache(<ConsultationForm phoneNumber="010-5555-0001" direction="inbound" callUniqueid="1700.1" memberId={1} subject={agent} {...props} />);
  return { api, user: userEvent.setup() };
}

beforeEach(() => {
  vi.mocked(http.post).mockReset();
  vi.mocked(showToast).mockClear();
});
afterEach(() => setLanguage('en'));

describe('the consultation form of the call pop-ups', () => {
  it('asks for a title and a major category before sending (section 5)', async () => {
    const { api, user } = setup();
    await user.click(await screen.findByTestId('resource-form-save'));
    expect(screen.getByTestId('title-errors')).toHaveTextContent('Title required: please enter a title.');
    expect(screen.getByTestId('big_category-errors')).toHaveTextContent('Please select a major category.');
    expect(api.bodiesOf('consultation/store')).toEqual([]);
  });

  it('says the same in Korean', async () => {
    setLanguage('kr');
    const { user } = setup();
    await user.click(await screen.findByTestId('resource-form-save'));
    expect(screen.getByTestId('title-errors')).toHaveTextContent('제목을 입력해 주세요.');
    expect(screen.getByTestId('big_category-errors')).toHaveTextContent('대분류를 선택해 주세요.');
  });

  it('offers the small categories of the chosen big category only, and clears one that does not fit', async () => {
    const { user } = setup();
    const small = await screen.findByTestId('small_category');
    expect(small).toBeDisabled();
    await waitFor(() => expect(screen.getByTestId('big_category')).toHaveTextContent('배송'));
    await user.selectOptions(screen.getByTestId('big_category'), '배송');
    expect(small).toBeEnabled();
    expect([...small.querySelectorAll('option')].map((o) => o.value)).toEqual(['', '지연', '파손']);
    await user.selectOptions(small, '파손');
    await user.selectOptions(screen.getByTestId('big_category'), '상품');
    expect(small).toHaveValue('');
  });

  it('sends the call with the consultation; the first save creates it and later saves update it', async () => {
    const { api, user } = setup();
    await user.type(await screen.findByLabelText(/^Title/), '배송 문의');
    await waitFor(() => expect(screen.getByTestId('big_category')).toHaveTextContent('배송'));
    await user.selectOptions(screen.getByTestId('big_category'), '배송');
    await user.selectOptions(screen.getByTestId('treatment_result'), 'progress');
    await user.click(screen.getByTestId('resource-form-save'));
    await waitFor(() => expect(api.bodiesOf('consultation/store')).toHaveLength(1));
    expect(api.bodiesOf('consultation/store')[0]).toMatchObject({
      title: '배송 문의',
      big_category: '배송',
      treatment_result: 'progress',
      phone_number: '010-5555-0001',
      member_id: 1,
      call_uniqueid: '1700.1',
      direction: 'inbound',
    });
    expect(await screen.findByText(/Consultation saved at/)).toBeInTheDocument();
    expect(showToast).toHaveBeenCalledWith('The consultation was saved.');

    await user.type(screen.getByLabelText(/^Title/), ' 2');
    await user.click(screen.getByTestId('resource-form-save'));
    await waitFor(() => expect(api.bodiesOf('consultation/update')).toHaveLength(1));
    expect(api.bodiesOf('consultation/update')[0]).toMatchObject({ id: 10, title: '배송 문의 2' });
    expect(api.bodiesOf('consultation/store')).toHaveLength(1);
  });

  it('continues an existing consultation as it was written: an inbound one stays inbound with its call', async () => {
    const { api, user } = setup({ consultationId: 1, direction: 'outbound', callUniqueid: '9.9', phoneNumber: '0299990000' });
    expect(await screen.findByLabelText(/^Title/)).toHaveValue('배송 지연 문의');
    // Saved days ago: the day is shown, not only the time (Seoul time).
    expect(screen.getByText('Consultation saved at Mar 1, 2025 10:00:00 AM')).toBeInTheDocument();
    await user.click(screen.getByTestId('resource-form-save'));
    await waitFor(() => expect(api.bodiesOf('consultation/update')).toHaveLength(1));
    expect(api.bodiesOf('consultation/update')[0]).toMatchObject({
      id: 1, direction: 'inbound', call_uniqueid: '1.1', phone_number: '01055550001', member_id: 1,
    });
  });

  it('attaches the call to a consultation that had none when it is continued during one', async () => {
    const noCall = { ...CONSULTATIONS[0]!, call_uniqueid: null };
    const api = fakeConsultationApi({ 'consultation/view': () => ({ data: noCall }) });
    const { user } = setup({ consultationId: 1, direction: 'outbound', callUniqueid: '9.9' }, api);
    expect(await screen.findByLabelText(/^Title/)).toHaveValue('배송 지연 문의');
    await user.click(screen.getByTestId('resource-form-save'));
    await waitFor(() => expect(api.bodiesOf('consultation/update')).toHaveLength(1));
    expect(api.bodiesOf('consultation/update')[0]).toMatchObject({ id: 1, direction: 'outbound', call_uniqueid: '9.9' });
  });

  it('says when the consultation to continue does not exist', async () => {
    setup({ consultationId: 99 });
    expect(await screen.findByText('This consultation was not found.')).toBeInTheDocument();
  });

  it('writes up a call from a withheld number: no number, linked to the call', async () => {
    const { api, user } = setup({ phoneNumber: '', memberId: undefined });
    await user.type(await screen.findByLabelText(/^Title/), '발신번호 없음');
    await waitFor(() => expect(screen.getByTestId('big_category')).toHaveTextContent('배송'));
    await user.selectOptions(screen.getByTestId('big_category'), '배송');
    await user.click(screen.getByTestId('resource-form-save'));
    await waitFor(() => expect(api.bodiesOf('consultation/store')).toHaveLength(1));
    expect(api.bodiesOf('consultation/store')[0]).toMatchObject({ phone_number: '', call_uniqueid: '1700.1', direction: 'inbound' });
  });

  it('shows a message for a value the form does not show (no number and no call)', async () => {
    const { api, user } = setup({ phoneNumber: '', callUniqueid: undefined });
    await user.type(await screen.findByLabelText(/^Title/), 'x');
    await waitFor(() => expect(screen.getByTestId('big_category')).toHaveTextContent('배송'));
    await user.selectOptions(screen.getByTestId('big_category'), '배송');
    await user.click(screen.getByTestId('resource-form-save'));
    expect(await screen.findByTestId('resource-form-errors')).toHaveTextContent('Please enter a phone number.');
    expect(api.bodiesOf('consultation/store')).toEqual([]);
  });

  it('is not offered to a user without the consultations permission', () => {
    setup({ subject: makeUserInfo({ permissions: ['members'] }) });
    expect(screen.getByTestId('consultation-form-forbidden')).toBeInTheDocument();
    expect(screen.queryByTestId('resource-form')).not.toBeInTheDocument();
  });
});
