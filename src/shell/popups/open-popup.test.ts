import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { buildPopupUrl, centredOn, openPopup, windowFeatures } from './open-popup';
import { closeAllDialogs, getDialogsSnapshot } from './dialog-store';
import { getPopupSpec } from './popup-table';
import { makeUserInfo } from '../../api/testing/make-user-info';

const agent = makeUserInfo();
const agentWithNewWindow = makeUserInfo({ permissions: ['dashboard', 'cti_new_window'] });
const manager = makeUserInfo({ role: 'manager', username: 'manager', permissions: [] });

let openSpy: ReturnType<typeof vi.fn>;
const fakeWindow = { focus: vi.fn() } as unknown as Window;

beforeEach(() => {
  openSpy = vi.fn(() => fakeWindow);
  vi.stubGlobal('open', openSpy);
  // An opener at (100, 50), 1600×900 on the screen.
  Object.assign(window, { screenX: 100, screenY: 50, outerWidth: 1600, outerHeight: 900 });
});
afterEach(() => {
  vi.unstubAllGlobals();
  closeAllDialogs();
});

function features(): Record<string, string> {
  const raw = String(openSpy.mock.calls[0]?.[2] ?? '');
  return Object.fromEntries(raw.split(',').map((pair) => pair.split('=') as [string, string]));
}

describe('openPopup: window or dialog', () => {
  it("'window' pop-ups always open a window, even for an agent in dialog mode", () => {
    const result = openPopup('send-message', undefined, { userInfo: agent });
    expect(result.kind).toBe('window');
    expect(openSpy).toHaveBeenCalledTimes(1);
    expect(openSpy.mock.calls[0]?.[0]).toBe('/window/send-message');
    expect(getDialogsSnapshot()).toHaveLength(0);
  });

  it("'either' pop-ups open an in-page dialog for an agent without cti_new_window", () => {
    const result = openPopup('outbound', { id: 7 }, { userInfo: agent });
    expect(result).toMatchObject({ kind: 'dialog', url: '/window/outbound/7' });
    expect(openSpy).not.toHaveBeenCalled();
    expect(getDialogsSnapshot()).toEqual([
      expect.objectContaining({ popupId: 'outbound', params: { id: '7' }, query: {}, url: '/window/outbound/7' }),
    ]);
  });

  it.each([
    ['a manager', manager],
    ['an agent with cti_new_window', agentWithNewWindow],
  ])("'either' pop-ups open a window for %s", (_name, userInfo) => {
    expect(openPopup('add-member', undefined, { userInfo }).kind).toBe('window');
    expect(openSpy).toHaveBeenCalledTimes(1);
  });

  it('uses the user kept in the browser when none is given', () => {
    localStorage.setItem('userInfo', JSON.stringify(manager));
    expect(openPopup('add-member').kind).toBe('window');
  });

  it('falls back to the in-page dialog when the window is blocked', () => {
    openSpy.mockReturnValue(null);
    const result = openPopup('inbound', { phone_no: '01055550001' }, { userInfo: manager });
    expect(openSpy).toHaveBeenCalledTimes(1);
    expect(result.kind).toBe('dialog');
    expect(getDialogsSnapshot()[0]).toMatchObject({ popupId: 'inbound', query: { phone_no: '01055550001' } });
  });

  it('a blocked window-only pop-up still shows, as a dialog', () => {
    openSpy.mockReturnValue(null);
    expect(openPopup('call-note', { url: 'https://example.test/n/1' }).kind).toBe('dialog');
  });

  it('reopening the same dialog does not stack a copy; different parameters do', () => {
    const a = openPopup('view-task', { id: 1 }, { userInfo: agent });
    const b = openPopup('view-task', { id: 1 }, { userInfo: agent });
    openPopup('view-task', { id: 2 }, { userInfo: agent });
    expect(a).toEqual(b);
    expect(getDialogsSnapshot()).toHaveLength(2);
  });
});

describe('openPopup: geometry', () => {
  it('centres the window on the opener at the registered size', () => {
    openPopup('inbound', {}, { userInfo: manager });
    // 100 + (1600 - 1450) / 2 = 175; 50 + (900 - 600) / 2 = 200
    expect(features()).toMatchObject({ width: '1450', height: '600', left: '175', top: '200' });
  });

  it('centring maths', () => {
    expect(centredOn({ screenX: 0, screenY: 0, outerWidth: 1000, outerHeight: 800 }, 465, 80)).toEqual({ left: 268, top: 360 });
    expect(centredOn({ screenX: -1920, screenY: 0, outerWidth: 1920, outerHeight: 1080 }, 800, 500)).toEqual({ left: -1360, top: 290 });
    expect(windowFeatures({ width: 600, height: 300 }, { screenX: 10, screenY: 20, outerWidth: 800, outerHeight: 700 })).toContain(
      'width=600,height=300,left=110,top=220',
    );
  });

  it('names the window after its URL so reopening focuses it', () => {
    openPopup('edit-task', { id: 3 }, { userInfo: manager });
    openPopup('edit-task', { id: 3 }, { userInfo: manager });
    expect(openSpy.mock.calls[0]?.[1]).toBe(openSpy.mock.calls[1]?.[1]);
    expect(fakeWindow.focus).toHaveBeenCalled();
  });
});

describe('buildPopupUrl', () => {
  it('fills path parameters and encodes them', () => {
    expect(buildPopupUrl(getPopupSpec('edit-time-condition')!, { id: 4, keyword: 'holiday', type: 'a b' }).url).toBe(
      '/window/time-condition/edit/4/holiday/a%20b',
    );
    expect(buildPopupUrl(getPopupSpec('outbound-company-list')!, { companyName: 'Acme/Support' }).url).toBe(
      '/window/member/outbound/list/Acme%2FSupport',
    );
  });

  it('drops an absent optional segment and requires the others', () => {
    expect(buildPopupUrl(getPopupSpec('outbound-popup')!).url).toBe('/window/outbound-popup');
    expect(buildPopupUrl(getPopupSpec('outbound-popup')!, { phoneNumber: '0101234' }).url).toBe('/window/outbound-popup/0101234');
    expect(() => buildPopupUrl(getPopupSpec('outbound')!, {})).toThrow(/missing path parameter "id"/);
  });

  it('builds the query string in the declared order, skipping empty values', () => {
    const built = buildPopupUrl(getPopupSpec('outbound-select-member')!, { phone_number: '010-1', callback_id: 9, extra: '' });
    expect(built.url).toBe('/window/outbound/select-members?callback_id=9&phone_number=010-1');
    expect(built.query).toEqual({ callback_id: '9', phone_number: '010-1' });
  });

  it('gives the inbound pop-up its Korean title unless the opener sets one', () => {
    const built = buildPopupUrl(getPopupSpec('inbound')!, { phone_no: '01055550001', ext_no: '1001', uniqueid: '1.2' });
    expect(new URLSearchParams(built.url.split('?')[1]).get('title')).toBe('전화 수신 시간');
    expect(built.url.startsWith('/window/inbound?phone_no=01055550001&ext_no=1001&uniqueid=1.2&title=')).toBe(true);
    expect(buildPopupUrl(getPopupSpec('inbound')!, { title: 'X' }).query.title).toBe('X');
  });

  it('recording files take unique_id with src (inbound) or dst (outbound)', () => {
    expect(buildPopupUrl(getPopupSpec('consultation-recording-file')!, { unique_id: 'u1', dst: '0101' }).url).toBe(
      '/window/consultation-recording-file?unique_id=u1&dst=0101',
    );
  });

  it('rejects an unknown pop-up id at run time too', () => {
    // @ts-expect-error not a pop-up id
    expect(() => openPopup('no-such-popup')).toThrow(/unknown pop-up/);
  });
});
