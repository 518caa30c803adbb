import { checkUser } from '../../api/session-api';
import { connectSessionSocket } from '../../api/realtime/socket';
import { makeUserInfo } from '../../api/testing/make-user-info';
import { sessionActor } from '../../shell/session/session-actor';
import { closeAllDialogs, getDialogsSnapshot } from '../../shell/popups/dialog-store';
import { realTelephonyDeps } from './telephony-wiring';

vi.mock('../../api/session-api', () => ({ checkUser: vi.fn() }));
vi.mock('../../api/realtime/socket', () => ({ connectSessionSocket: vi.fn() }));
vi.mock('../../shell/session/session-actor', () => ({ sessionActor: { send: vi.fn() } }));

/** Connects the phone's socket (a fake that keeps its listeners) and answers the server's `user_updated`. */
function connectAndAnnounceUserChange() {
  const listeners = new Map<string, () => void>();
  vi.mocked(connectSessionSocket).mockReturnValue({ on: (event: string, listener: () => void) => listeners.set(event, listener) } as never);
  realTelephonyDeps(makeUserInfo()).connect();
  listeners.get('user_updated')?.();
}

beforeEach(() => vi.mocked(sessionActor.send).mockClear());

/** The phone's socket also carries `user_updated`: a manager's change reaches the signed-in user at once. */
describe('telephony wiring: user changes', () => {
  it('fetches the user again on user_updated and hands it to the session', async () => {
    const changed = makeUserInfo({ permissions: ['dashboard'] });
    vi.mocked(checkUser).mockResolvedValue(changed);
    connectAndAnnounceUserChange();
    await vi.waitFor(() => expect(sessionActor.send).toHaveBeenCalledWith({ type: 'USER_UPDATED', user: changed }));
  });

  it('changes nothing when the fetch fails', async () => {
    vi.mocked(checkUser).mockRejectedValue(new Error('offline'));
    connectAndAnnounceUserChange();
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(checkUser).toHaveBeenCalled();
    expect(sessionActor.send).not.toHaveBeenCalled();
  });
});

/** The phone's socket carries `callback_call`: an automatic callback try opens its outbound pop-up. */
describe('telephony wiring: automatic callbacks', () => {
  beforeEach(() => {
    closeAllDialogs();
  });

  it('opens the outbound pop-up with the callback when a try calls through this phone', () => {
    const listeners = new Map<string, (payload?: unknown) => void>();
    vi.mocked(connectSessionSocket).mockReturnValue({ on: (event: string, listener: (payload?: unknown) => void) => listeners.set(event, listener) } as never);
    realTelephonyDeps(makeUserInfo()).connect();
    listeners.get('callback_call')?.({ extension: '1001', uniqueid: '1.2', callback_id: 12, phone_number: '01055550012' });
    expect(getDialogsSnapshot()).toEqual([expect.objectContaining({ popupId: 'outbound-popup', params: { phoneNumber: '01055550012' }, query: { callback_id: '12' } })]);
  });
});
