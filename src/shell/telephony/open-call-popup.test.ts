import { makeUserInfo } from '../../api/testing/make-user-info';
import { setUserInfo } from '../../api/storage';
import { closeAllDialogs, getDialogsSnapshot } from '../popups/dialog-store';
import { openCallPopup } from './open-call-popup';

const query = { phone_no: '01055550001', ext_no: '1001', uniqueid: '5.1', modal_id: '5.1', title: '전화 수신 시간 09:00:00' };

afterEach(() => {
  closeAllDialogs();
  vi.restoreAllMocks();
});

describe('openCallPopup (the call machine’s openPopup actor)', () => {
  it('opens a dialog when asked for one, once per call', () => {
    expect(openCallPopup({ popupId: 'inbound', query, mode: 'dialog' })).toBe('dialog');
    expect(openCallPopup({ popupId: 'inbound', query, mode: 'dialog' })).toBe('dialog');
    const dialogs = getDialogsSnapshot();
    expect(dialogs).toHaveLength(1);
    expect(dialogs[0]).toMatchObject({ popupId: 'inbound', query: { ...query } });
    expect(dialogs[0]!.url).toContain('/window/inbound?phone_no=01055550001');
  });

  it('opens a centred window in window mode', () => {
    setUserInfo(makeUserInfo({ role: 'manager' }));
    const open = vi.spyOn(window, 'open').mockReturnValue({ focus: vi.fn() } as unknown as Window);
    expect(openCallPopup({ popupId: 'inbound', query, mode: 'window' })).toBe('window');
    expect(open.mock.calls[0]![0]).toContain('/window/inbound?');
    expect(open.mock.calls[0]![2]).toContain('width=1450,height=600');
    expect(getDialogsSnapshot()).toHaveLength(0);
  });

  it('reports a blocked window (a ring is not a click); the dialog it fell back to is the one the machine asks for next', () => {
    setUserInfo(makeUserInfo({ role: 'manager' }));
    vi.spyOn(window, 'open').mockReturnValue(null);
    expect(openCallPopup({ popupId: 'inbound', query, mode: 'window' })).toBe('blocked');
    expect(openCallPopup({ popupId: 'inbound', query, mode: 'dialog' })).toBe('dialog');
    expect(getDialogsSnapshot()).toHaveLength(1);
  });

  it('passes the select-member query on', () => {
    openCallPopup({ popupId: 'inbound-select-member', query: { phone_no: '01055550002', uniqueid: '5.2' }, mode: 'dialog' });
    expect(getDialogsSnapshot()[0]!.url).toBe('/window/inbound/select-member?phone_no=01055550002&uniqueid=5.2');
  });
});
