import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { http } from '../../api/http';
import { USER_PERMISSION_GROUPS } from '../../api/permissions/catalogue';
import { PopupContext, type PopupContextValue } from '../../shell/popups/popup-context';
import { setLanguage } from '../../i18n/language-store';
import { showToast } from '../../ui/feedback/toaster';
import { renderWithFreshCache } from '../../ui/resource/testing/render-resource';
import EditPermissionPopup from './edit-permission-popup';
import { PermissionEditor } from './permission-editor';
import { fakeUserApi } from './testing/fake-user-api';

vi.mock('../../api/http', () => ({ http: { post: vi.fn() } }));
vi.mock('../../ui/feedback/toaster', () => ({ showToast: vi.fn(async () => {}) }));

/** The editor with its value held like a form would. */
function Harness({ initial, isManager = false, onChange }: { initial: string[]; isManager?: boolean; onChange?: (p: string[]) => void }) {
  const [value, setValue] = useState(initial);
  return (
    <PermissionEditor
      value={value}
      isManager={isManager}
      onChange={(next) => {
        setValue(next);
        onChange?.(next);
      }}
    />
  );
}

beforeEach(() => {
  vi.mocked(http.post).mockReset();
});

describe('PermissionEditor', () => {
  it('shows the catalogue’s four groups, in order, with a switch per permission', () => {
    renderWithFreshCache(<Harness initial={['cti_transfer', 'members']} />);
    const titles = ['CTI functions', 'CRM menu functions', 'Sub functions', 'Default settings'];
    Object.keys(USER_PERMISSION_GROUPS).forEach((group, index) => {
      expect(within(screen.getByTestId(`permission-group-${group}`)).getByRole('heading')).toHaveTextContent(titles[index]!);
    });
    for (const [group, permissions] of Object.entries(USER_PERMISSION_GROUPS)) {
      // One switch per permission, plus the group's "All" box.
      expect(within(screen.getByTestId(`permission-group-${group}`)).getAllByRole('checkbox')).toHaveLength(permissions.length + 1);
      for (const permission of permissions) expect(screen.getByTestId(`permission-${permission}`)).toBeInTheDocument();
    }
    expect(screen.getByTestId('permission-cti_transfer')).toBeChecked();
    expect(screen.getByTestId('permission-cti_listen')).not.toBeChecked();
    expect(screen.queryByTestId('permission-manager-note')).not.toBeInTheDocument();
  });

  it('has the per-user toggles of §6 under their own labels', () => {
    renderWithFreshCache(<Harness initial={[]} />);
    const labels = ['SMS', 'FAX', 'Worktime switch', 'Outbound call pop-up', 'Callback share function', 'Send email function', 'Hide reset button for queues', 'Download and re-upload', 'Re-upload'];
    const groups = [screen.getByTestId('permission-group-sub_functions'), screen.getByTestId('permission-group-crm_menu_functions')];
    for (const label of labels) expect(groups.some((group) => within(group).queryByLabelText(label) !== null), label).toBe(true);
  });

  it('toggles one permission, and a whole group with its "All" box (indeterminate when some)', async () => {
    const onChange = vi.fn();
    renderWithFreshCache(<Harness initial={['members']} onChange={onChange} />);
    const user = userEvent.setup();
    await user.click(screen.getByLabelText('Listen'));
    expect(onChange).toHaveBeenLastCalledWith(['members', 'cti_listen']);
    const crmAll = screen.getByTestId('permission-all-crm_menu_functions') as HTMLInputElement;
    expect(crmAll.indeterminate).toBe(true);
    await user.click(crmAll);
    expect(onChange.mock.lastCall![0]).toEqual(expect.arrayContaining([...USER_PERMISSION_GROUPS.crm_menu_functions, 'cti_listen']));
    expect(crmAll).toBeChecked();
    await user.click(crmAll);
    expect(onChange).toHaveBeenLastCalledWith(['cti_listen']);
  });

  it('says managers may use everything anyway', () => {
    renderWithFreshCache(<Harness initial={[]} isManager />);
    expect(screen.getByTestId('permission-manager-note')).toHaveTextContent('Managers may use every function');
  });

  it('speaks Korean', () => {
    setLanguage('kr');
    renderWithFreshCache(<Harness initial={[]} />);
    expect(screen.getByTestId('permission-group-cti_functions')).toHaveTextContent('CTI 기능');
    expect(screen.getByLabelText('콜백 공유 기능')).toBeInTheDocument();
  });
});

describe('user/edit-permission/{id}', () => {
  function renderPopup(id: string) {
    const api = fakeUserApi();
    vi.mocked(http.post).mockImplementation(api.post as never);
    const popup: PopupContextValue = { popupId: 'edit-user-permission', presentation: 'dialog', params: { id }, query: {}, close: vi.fn() };
    renderWithFreshCache(
      <PopupContext value={popup}>
        <EditPermissionPopup />
      </PopupContext>,
    );
    return { api, popup };
  }

  it('loads the user’s permissions, saves the changed list and closes', async () => {
    const { api, popup } = renderPopup('3');
    expect(await screen.findByText('Permissions of 이민호 (agent1)')).toBeInTheDocument();
    expect(api.lastCall('users/view-permission')?.body).toEqual({ id: 3 });
    const user = userEvent.setup();
    await user.click(screen.getByLabelText('Dashboard'));
    await user.click(screen.getByLabelText('SMS'));
    await user.click(screen.getByTestId('permission-save'));
    await waitFor(() => expect(popup.close).toHaveBeenCalled());
    expect(api.lastCall('users/update-permission')?.body).toEqual({ id: 3, permissions: ['members', 'cti_transfer', 'sms'] });
    expect(showToast).toHaveBeenCalledWith('The permissions were saved.');
  });

  it('stretches the sticky Save bar over the card’s padding, so nothing scrolls past beside it (QA 9)', async () => {
    renderPopup('3');
    const bar = await screen.findByTestId('permission-actions');
    expect(bar).toContainElement(screen.getByTestId('permission-save'));
    // The rule (edit-permission-popup.css) reaches over the card's padding; jsdom does not lay out.
    expect(bar).toHaveClass('permission-actions');
  });

  it('says so when the user does not exist', async () => {
    renderPopup('999');
    expect(await screen.findByTestId('user-not-found')).toHaveTextContent('This user does not exist or was deleted.');
  });
});
