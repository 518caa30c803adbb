import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { UserInfo } from '../../api/contracts/session.contract';
import { makeUserInfo } from '../../api/testing/make-user-info';
import { openPopup } from '../../shell/popups/open-popup';
import { renderWithProviders } from '../../ui/testing/render-with-providers';
import { CompanyWorktimeLink } from './company-worktime-link';

vi.mock('../../shell/popups/open-popup', () => ({ openPopup: vi.fn() }));
let user: UserInfo = makeUserInfo({ role: 'manager', permissions: [] });
vi.mock('../../shell/session/session-selectors', () => ({ useUserInfo: () => user }));

describe('the way from /time-conditions to the company work time', () => {
  it('opens company/worktime/edit for a manager', async () => {
    user = makeUserInfo({ role: 'manager', permissions: [] });
    renderWithProviders(<CompanyWorktimeLink />);
    await userEvent.setup().click(screen.getByTestId('company-worktime-link'));
    expect(openPopup).toHaveBeenCalledWith('edit-company-worktime');
    expect(screen.getByTestId('company-worktime-link')).toHaveTextContent('Company work time');
  });

  it('is not there for an agent without the worktime switch', () => {
    user = makeUserInfo({ role: 'agent', permissions: ['time_conditions'] });
    renderWithProviders(<CompanyWorktimeLink />);
    expect(screen.queryByTestId('company-worktime-link')).not.toBeInTheDocument();
  });
});
