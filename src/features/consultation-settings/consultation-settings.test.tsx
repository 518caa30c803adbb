import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactElement } from 'react';
import { http } from '../../api/http';
import { makeUserInfo } from '../../api/testing/make-user-info';
import { PopupContext, type PopupContextValue } from '../../shell/popups/popup-context';
import { setLanguage } from '../../i18n/language-store';
import { renderWithFreshCache } from '../../ui/resource/testing/render-resource';
import EditCustomFieldPopup from './edit-custom-field-popup';
import InquiryScreen from './inquiry-screen';
import SmallCategoryScreen from './small-category-screen';

vi.mock('../../api/http', () => ({ http: { post: vi.fn() } }));
vi.mock('../../ui/feedback/toaster', () => ({ showToast: vi.fn(async () => {}) }));
vi.mock('../../shell/session/session-selectors', () => ({ useUserInfo: () => makeUserInfo({ role: 'manager', username: 'manager' }) }));

const stamp = { created_at: '2025-03-01T01:00:00.000Z', updated_at: '2025-03-01T01:00:00.000Z' };
const BIGS = [
  { id: 1, name: '배송', ...stamp },
  { id: 2, name: '상품', ...stamp },
];
const INQUIRIES = [{ id: 7, name: '불만', ...stamp }];
const SMALLS = [{ id: 3, big_category_id: 1, big_category: '배송', name: '지연', ...stamp }];
const FIELD = { id: 9, name: 'order_no', field_type: 'text' as const, ...stamp };
const page = <T,>(data: T[]) => ({ data, current_page: 1, per_page: 10, total: data.length, last_page: 1 });

const requests: { path: string; body: Record<string, unknown> }[] = [];
function fakeApi() {
  requests.length = 0;
  vi.mocked(http.post).mockImplementation((async (path: string, body: Record<string, unknown> = {}) => {
    requests.push({ path, body });
    const answers: Record<string, unknown> = {
      'consultation-big-category': { data: BIGS, truncated: false },
      'consultation-small-category/list': page(SMALLS),
      'consultation-small-category/store': { data: { ...SMALLS[0], id: 4, name: body.name } },
      'consultation-inquiry/list': page(INQUIRIES),
      'consultation-inquiry/update': { data: { ...INQUIRIES[0], name: body.name } },
      'consultation-custom-field/view': { data: FIELD },
      'consultation-custom-field/update': { data: { ...FIELD, name: body.name } },
      'custom-table/list': { data: [] },
    };
    if (!(path in answers)) throw { isAxiosError: true, message: 'status 404', response: { status: 404, data: { error: true, message: 'Not found' } } };
    return { data: answers[path] };
  }) as never);
}
const writes = (path: string) => requests.filter((r) => r.path === path).map((r) => r.body);

function renderIn(ui: ReactElement, popup?: Partial<PopupContextValue>) {
  fakeApi();
  const value: PopupContextValue = { popupId: 'x', presentation: 'dialog', params: {}, query: {}, close: vi.fn(), ...popup };
  renderWithFreshCache(<PopupContext value={value}>{ui}</PopupContext>);
  return { user: userEvent.setup(), popup: value };
}

beforeEach(() => {
  vi.mocked(http.post).mockReset();
});
afterEach(() => setLanguage('en'));

describe('small categories (section 5)', () => {
  async function openAdd() {
    const { user } = renderIn(<SmallCategoryScreen />);
    expect(await screen.findByTestId('row-3')).toHaveTextContent('배송');
    await user.click(screen.getByTestId('resource-add'));
    await screen.findByTestId('resource-form');
    return user;
  }

  it('says the big category comes first and the name is needed, in one message when both are missing', async () => {
    const user = await openAdd();
    await user.click(screen.getByTestId('resource-form-save'));
    expect(screen.getByTestId('big_category_id-errors')).toHaveTextContent('Please choose the big category first, then enter the small category name.');
    expect(screen.queryByTestId('name-errors')).not.toBeInTheDocument();
    expect(writes('consultation-small-category/store')).toEqual([]);
  });

  it('asks for the big category first when only the name is given', async () => {
    const user = await openAdd();
    await user.type(screen.getByLabelText(/^Small category name/), '분실');
    await user.click(screen.getByTestId('resource-form-save'));
    expect(screen.getByTestId('big_category_id-errors')).toHaveTextContent('Please choose the big category first.');
    expect(writes('consultation-small-category/store')).toEqual([]);
  });

  it('asks for the name when only the big category is chosen, then saves under it', async () => {
    const user = await openAdd();
    await waitFor(() => expect(screen.getByTestId('big_category_id')).toHaveTextContent('상품'));
    await user.selectOptions(screen.getByTestId('big_category_id'), '2');
    await user.click(screen.getByTestId('resource-form-save'));
    expect(screen.getByTestId('name-errors')).toHaveTextContent('Please enter the small category name.');
    expect(screen.queryByTestId('big_category_id-errors')).not.toBeInTheDocument();
    await user.type(screen.getByLabelText(/^Small category name/), '할인');
    await user.click(screen.getByTestId('resource-form-save'));
    await waitFor(() => expect(writes('consultation-small-category/store')).toEqual([{ big_category_id: 2, name: '할인' }]));
  });

  it('says it in Korean too', async () => {
    setLanguage('kr');
    const user = await openAdd();
    await user.click(screen.getByTestId('resource-form-save'));
    expect(screen.getByTestId('big_category_id-errors')).toHaveTextContent('대분류를 먼저 선택한 다음 소분류 이름을 입력해 주세요.');
  });
});

describe('rename confirmation (section 5)', () => {
  it('an inquiry rename asks first, names both names, and only then saves', async () => {
    const { user } = renderIn(<InquiryScreen />);
    await user.click(await screen.findByTestId('edit-7'));
    const name = await screen.findByLabelText(/^Inquiry name/);
    await user.clear(name);
    await user.type(name, '민원');
    await user.click(screen.getByTestId('resource-form-save'));
    const dialog = await screen.findByTestId('confirm-message');
    expect(dialog).toHaveTextContent('Renaming “불만” to “민원” also changes the existing consultation and member records that use it. Continue?');
    expect(writes('consultation-inquiry/update')).toEqual([]);
    await user.click(screen.getByTestId('confirm-accept'));
    await waitFor(() => expect(writes('consultation-inquiry/update')).toEqual([{ id: 7, name: '민원' }]));
  });

  it('cancelling the confirmation saves nothing', async () => {
    const { user } = renderIn(<InquiryScreen />);
    await user.click(await screen.findByTestId('edit-7'));
    const name = await screen.findByLabelText(/^Inquiry name/);
    await user.clear(name);
    await user.type(name, '민원');
    await user.click(screen.getByTestId('resource-form-save'));
    await user.click(await screen.findByTestId('confirm-cancel'));
    expect(writes('consultation-inquiry/update')).toEqual([]);
    expect(screen.getByTestId('resource-form')).toBeInTheDocument();
  });

  it('the edit-custom-field pop-up asks before a rename moves the values, then closes', async () => {
    const { user, popup } = renderIn(<EditCustomFieldPopup />, { params: { id: '9' } });
    const name = await screen.findByLabelText(/^Field name/);
    await user.clear(name);
    await user.type(name, 'order_number');
    await user.click(screen.getByTestId('resource-form-save'));
    expect(within(await screen.findByRole('dialog')).getByTestId('confirm-message')).toHaveTextContent('“order_no” to “order_number”');
    await user.click(screen.getByTestId('confirm-accept'));
    await waitFor(() => expect(popup.close).toHaveBeenCalled());
    expect(writes('consultation-custom-field/update')).toEqual([{ id: 9, name: 'order_number', field_type: 'text' }]);
  });

  it('the edit-custom-field pop-up shows why the server refuses a type change under the type field, and stays open', async () => {
    const refused = 'Consultations holding a value that is not a number: 1 (for example “A-1001”). Fix or clear those values first, then change the type.';
    const { user, popup } = renderIn(<EditCustomFieldPopup />, { params: { id: '9' } });
    const answer = vi.mocked(http.post).getMockImplementation()!;
    vi.mocked(http.post).mockImplementation((async (path: string, body: Record<string, unknown> = {}) => {
      if (path !== 'consultation-custom-field/update') return answer(path, body);
      requests.push({ path, body });
      throw { isAxiosError: true, message: 'status 422', response: { status: 422, data: { message: 'The given data was invalid.', errors: { field_type: [refused] } } } };
    }) as never);
    await user.selectOptions(await screen.findByTestId('field_type'), 'number');
    await user.click(screen.getByTestId('resource-form-save'));
    expect(await screen.findByTestId('field_type-errors')).toHaveTextContent(refused);
    expect(writes('consultation-custom-field/update')).toEqual([{ id: 9, name: 'order_no', field_type: 'number' }]);
    expect(popup.close).not.toHaveBeenCalled();
  });
});
