import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http } from '../../api/http';
import { makeUserInfo } from '../../api/testing/make-user-info';
import type { UserInfo } from '../../api/contracts/session.contract';
import { openPopup } from '../../shell/popups/open-popup';
import { renderWithFreshCache } from '../../ui/resource/testing/render-resource';
import { PhoneDialContext } from '../../ui/telephony/phone-dial-context';
import MembersScreen from './members-screen';
import { axiosError, fakeMemberApi } from './testing/fake-member-api';

vi.mock('../../api/http', () => ({ http: { post: vi.fn() } }));
vi.mock('../../ui/feedback/toaster', () => ({ showToast: vi.fn(async () => {}) }));
vi.mock('../../shell/popups/open-popup', () => ({ openPopup: vi.fn() }));
let user: UserInfo | null = null;
vi.mock('../../shell/session/session-selectors', () => ({ useUserInfo: () => user }));

const agent1 = makeUserInfo({ permissions: ['members', 'member_export'] });
const manager = makeUserInfo({ role: 'manager', username: 'manager', permissions: [] });

function setup(who: UserInfo, overrides: Parameters<typeof fakeMemberApi>[0] = {}) {
  user = who;
  const api = fakeMemberApi(overrides);
  vi.mocked(http.post).mockImplementation(api.post as never);
  renderWithFreshCache(<MembersScreen />);
  return { api, user: userEvent.setup() };
}

beforeEach(() => {
  vi.mocked(http.post).mockReset();
  vi.mocked(openPopup).mockReset();
});

describe('/members', () => {
  it('shows numbers grouped for reading, with a mobile tag only for numbers starting with 01', async () => {
    setup(agent1);
    const mobile = await screen.findByTestId('row-1');
    expect(within(mobile).getByTestId('phone-number')).toHaveTextContent('010-5555-0001');
    expect(within(mobile).getByTestId('mobile-tag')).toHaveTextContent('Mobile');
    const landline = screen.getByTestId('row-4');
    expect(within(landline).getByTestId('phone-number')).toHaveTextContent('02-2123-4567');
    expect(within(landline).queryByTestId('mobile-tag')).not.toBeInTheDocument();
  });

  it('calls a member by clicking their number (click-to-call like every number the app shows)', async () => {
    user = agent1;
    const api = fakeMemberApi();
    vi.mocked(http.post).mockImplementation(api.post as never);
    const dial = vi.fn();
    renderWithFreshCache(
      <PhoneDialContext value={{ dial, canDial: true }}>
        <MembersScreen />
      </PhoneDialContext>,
    );
    const row = await screen.findByTestId('row-1');
    await userEvent.setup().click(within(row).getByRole('button', { name: 'Call 010-5555-0001' }));
    expect(dial).toHaveBeenCalledExactlyOnceWith('01055550001');
  });

  it('offers the company’s groups and levels as filters and the phone type', async () => {
    const { api, user: u } = setup(agent1);
    await screen.findByTestId('row-1');
    await waitFor(() => expect(within(screen.getByTestId('filter-group')).getAllByRole('option').map((o) => o.textContent)).toEqual(['Group: all', 'VIP', '일반']));
    await u.selectOptions(screen.getByTestId('filter-phone_type'), 'mobile');
    await waitFor(() => expect(api.calls.at(-1)).toEqual({ path: 'member/list', body: { page: 1, per_page: 10, phone_type: 'mobile' } }));
  });

  it('lets an agent add and edit but only a member_delete holder delete', async () => {
    setup(agent1);
    await screen.findByTestId('row-1');
    expect(screen.getByTestId('resource-add')).toHaveTextContent('Add member');
    expect(screen.getByTestId('edit-1')).toBeInTheDocument();
    expect(screen.queryByTestId('delete-1')).not.toBeInTheDocument();
  });

  it('lets the manager delete', async () => {
    setup(manager);
    expect(await screen.findByTestId('delete-1')).toBeInTheDocument();
  });

  it('opens the outbound history and company pop-ups from a row', async () => {
    const { user: u } = setup(agent1);
    await u.click(await screen.findByTestId('outbound-history-1'));
    expect(openPopup).toHaveBeenCalledWith('outbound-history', { id: 1 });
    await u.click(screen.getByTestId('company-members-1'));
    expect(openPopup).toHaveBeenCalledWith('outbound-company-list', { companyName: '한빛상사' });
    // A member without a company has the icon too, greyed with the reason, so the icons line up (QA).
    const noCompany = screen.getByTestId('company-members-4');
    expect(noCompany).toHaveAttribute('aria-disabled', 'true');
    expect(noCompany).toHaveAttribute('title', 'This member has no company name.');
    await u.click(noCompany);
    expect(openPopup).toHaveBeenCalledTimes(2);
  });

  it('adds a member with groups and typed custom fields; a server message lands under its custom field', async () => {
    const { api, user: u } = setup(agent1, {
      'member/store': () => {
        throw axiosError(422, { message: 'x', errors: { 'custom_fields.birthday': ['Enter a date as YYYY-MM-DD.'] } });
      },
    });
    await u.click(await screen.findByTestId('resource-add'));
    await u.type(await screen.findByTestId('name'), '새 회원');
    await u.type(screen.getByTestId('phone_number'), '+82 10-1234-5678');
    await u.click(await screen.findByLabelText('VIP'));
    // A date custom field is a day in the page's language (ui/forms/day-input.tsx), read when it loses focus.
    await u.type(screen.getByTestId('custom_fields.birthday'), 'Mar 2, 1990');
    await u.type(screen.getByTestId('custom_fields.city'), '부산');
    await u.click(screen.getByTestId('resource-form-save'));
    expect(await screen.findByTestId('custom_fields.birthday-errors')).toHaveTextContent('Enter a date as YYYY-MM-DD.');
    expect(api.calls.find((c) => c.path === 'member/store')?.body).toEqual({
      name: '새 회원',
      phone_number: '+82 10-1234-5678',
      company_name: null,
      groups: ['VIP'],
      levels: [],
      custom_fields: { birthday: '1990-03-02', city: '부산' },
    });
  });

  it('checks the required fields before sending', async () => {
    const { api, user: u } = setup(agent1);
    await u.click(await screen.findByTestId('resource-add'));
    await u.click(await screen.findByTestId('resource-form-save'));
    expect(screen.getByTestId('name-errors')).toHaveTextContent("Please enter the member's name.");
    expect(screen.getByTestId('phone_number-errors')).toHaveTextContent('Please enter a phone number.');
    expect(api.calls.some((c) => c.path === 'member/store')).toBe(false);
  });
});
