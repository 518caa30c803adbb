import { act, cleanup, fireEvent, screen, within } from '@testing-library/react';
import { fetchCompanyExtensions } from '../../api/extension-directory';
import type * as ExtensionDirectory from '../../api/extension-directory';
import { makeUserInfo } from '../../api/testing/make-user-info';
import { signInAs, signOut } from '../../shell/session/testing/session-actor-stub';
import { stopTelephony } from '../../shell/telephony/telephony-lifecycle';
import { LocalBroadcastChannel } from '../../shell/telephony/testing/local-broadcast-channel';
import { flush, renderPhoneUi, startTestPhone } from '../../shell/telephony/testing/phone-harness';
import { FakeConnection } from '../../machines/phone/fake-connection';
import { RegistrationStatusBoard } from './registration-status-screen';

vi.mock('../../shell/session/session-actor', () => import('../../shell/session/testing/session-actor-stub'));
vi.mock('../../api/extension-directory', async (importOriginal) => ({
  ...(await importOriginal<typeof ExtensionDirectory>()),
  fetchCompanyExtensions: vi.fn(),
}));
vi.stubGlobal('BroadcastChannel', LocalBroadcastChannel);

const manager = makeUserInfo({ username: 'manager', role: 'manager', permissions: [], extension: '1000', user: { ...makeUserInfo().user, id: 2, name: '김지수' } });
const row = (extension: string) => screen.getAllByTestId('registration-status-row').find((r) => r.dataset.extension === extension)!;

beforeEach(() => vi.useFakeTimers());
afterEach(async () => {
  cleanup();
  stopTelephony();
  vi.useRealTimers();
  await signOut();
});

describe('registration status', () => {
  it("shows a manager every extension of the company with its status label, live from the server's pushes", async () => {
    vi.mocked(fetchCompanyExtensions).mockResolvedValue([
      { number: '1000', name: '김지수', extenStatus: 51, status: 0 },
      { number: '1001', name: '이민호', extenStatus: 51, status: 11 },
      { number: '1002', name: '박서준', extenStatus: 0, status: 4 },
    ]);
    await signInAs(manager);
    const phone = startTestPhone({ user: manager });
    await act(async () => phone.connection.serverConnect());
    const board = new FakeConnection();
    renderPhoneUi(<RegistrationStatusBoard connect={() => board} />);
    await flush();
    expect(fetchCompanyExtensions).toHaveBeenCalledWith('http://localhost:8080/cti');
    expect(screen.getByTestId('registration-status')).toHaveAttribute('data-source', 'company');
    expect(screen.getAllByTestId('registration-status-row')).toHaveLength(3);
    expect(within(row('1001')).getByTestId('extension-status-label')).toHaveTextContent('Rest');
    expect(within(row('1002')).getByTestId('registration-status-registered')).toHaveTextContent('Not registered');
    expect(within(row('1002')).getByTestId('extension-status-label')).toHaveTextContent('Logged out');

    // Joins every extension's room once the board's socket is up, then follows the pushes.
    await act(async () => board.serverConnect());
    expect(board.emitted.filter((e) => e.name === 'join_extension_room').map((e) => e.payload.extensionNumber)).toEqual(['1000', '1001', '1002']);
    await act(async () => board.serverEmit('extension_status', { extension: '1002', exten_status: 51, status: 8 }));
    await flush();
    expect(within(row('1002')).getByTestId('registration-status-registered')).toHaveTextContent('Registered');
    expect(within(row('1002')).getByTestId('extension-status-label')).toHaveAttribute('data-status', '8');
    expect(within(row('1002')).getByTestId('extension-status-label')).toHaveTextContent('Ringing');

    // A manager listens from the board; their own extension has no such button enabled.
    expect(within(row('1000')).getByTestId('registration-status-listen')).toBeDisabled();
    await act(async () => void fireEvent.click(within(row('1001')).getByTestId('registration-status-listen')));
    await flush();
    expect(phone.cti.log).toContain('listen(1001)');

    cleanup();
    expect(board.closed).toBe(true);
    expect(board.emitted.filter((e) => e.name === 'leave_extension_room')).toHaveLength(3);
  });

  it("falls back to the manager's own extension when the company's list cannot be read", async () => {
    vi.mocked(fetchCompanyExtensions).mockRejectedValue({ status: 404, message: 'This works only with the built-in telephony server.', fieldErrors: {} });
    await signInAs(manager);
    startTestPhone({ user: manager });
    renderPhoneUi(<RegistrationStatusBoard connect={() => new FakeConnection()} />);
    await flush();
    expect(screen.getByTestId('registration-status-fallback')).toHaveTextContent('This works only with the built-in telephony server.');
    expect(screen.getAllByTestId('registration-status-row').map((r) => r.dataset.extension)).toEqual(['1000']);
  });

  it('shows an agent their own extension, live from the phone', async () => {
    vi.mocked(fetchCompanyExtensions).mockClear();
    await signInAs(makeUserInfo());
    const phone = startTestPhone();
    renderPhoneUi(<RegistrationStatusBoard connect={() => new FakeConnection()} />);
    await act(async () => phone.connection.serverConnect());
    await flush();
    expect(fetchCompanyExtensions).not.toHaveBeenCalled();
    expect(screen.getByTestId('registration-status')).toHaveAttribute('data-source', 'own');
    expect(within(row('1001')).getByTestId('registration-status-registered')).toHaveTextContent('Registered');
    await act(async () => phone.connection.serverEmit('extension_status', { extension: '1001', exten_status: 51, status: 31 }));
    await flush();
    expect(within(row('1001')).getByTestId('extension-status-label')).toHaveTextContent('After-call');
    expect(screen.queryByTestId('registration-status-listen')).toBeNull();
  });
});
