import { renderHook } from '@testing-library/react';
import { showToast } from '../../ui/feedback/toaster';
import type { PopupContextValue } from './popup-context';
import { closeAfterSaving, useToastsFromPopupWindows } from './popup-toasts';
import { windowBridge, type BridgeMessage, type WindowBridge } from './window-bridge';

vi.mock('../../ui/feedback/toaster', () => ({ showToast: vi.fn(async () => {}) }));
vi.mock('./window-bridge', () => ({ windowBridge: vi.fn() }));

function fakeBridge(role: 'main' | 'popup') {
  const handlers = new Set<(message: BridgeMessage) => void>();
  const bridge = {
    role,
    postToMain: vi.fn(),
    postToPopups: vi.fn(),
    subscribe: vi.fn((handler: (message: BridgeMessage) => void) => {
      handlers.add(handler);
      return () => handlers.delete(handler);
    }),
    close: vi.fn(),
  } satisfies WindowBridge;
  vi.mocked(windowBridge).mockReturnValue(bridge);
  return { bridge, deliver: (message: BridgeMessage) => handlers.forEach((h) => h(message)), listeners: () => handlers.size };
}

const popupAs = (presentation: 'window' | 'dialog'): PopupContextValue => ({ popupId: 'add-user', presentation, params: {}, query: {}, close: vi.fn() });

beforeEach(() => vi.mocked(showToast).mockClear());

describe('closeAfterSaving', () => {
  it('in a dialog shows the confirmation on the page and closes', () => {
    const { bridge } = fakeBridge('main');
    const popup = popupAs('dialog');
    closeAfterSaving(popup, 'The user was saved.');
    expect(showToast).toHaveBeenCalledWith('The user was saved.');
    expect(bridge.postToMain).not.toHaveBeenCalled();
    expect(popup.close).toHaveBeenCalled();
  });

  it('in a window hands the confirmation to the main window, which shows it (QA)', () => {
    const popupSide = fakeBridge('popup');
    const popup = popupAs('window');
    closeAfterSaving(popup, 'The user was saved.');
    expect(showToast).not.toHaveBeenCalled();
    expect(popupSide.bridge.postToMain).toHaveBeenCalledWith({ type: 'popup.saved', message: 'The user was saved.' });
    expect(popup.close).toHaveBeenCalled();

    const mainSide = fakeBridge('main');
    const { unmount } = renderHook(() => useToastsFromPopupWindows());
    mainSide.deliver({ type: 'popup.opened', popupId: 'add-user', url: '/window/user/add' });
    expect(showToast).not.toHaveBeenCalled();
    mainSide.deliver({ type: 'popup.saved', message: 'The user was saved.' });
    expect(showToast).toHaveBeenCalledWith('The user was saved.');
    unmount();
    expect(mainSide.listeners()).toBe(0);
  });

  it('a pop-up window does not listen for other windows’ confirmations', () => {
    const { bridge } = fakeBridge('popup');
    renderHook(() => useToastsFromPopupWindows());
    expect(bridge.subscribe).not.toHaveBeenCalled();
  });
});
