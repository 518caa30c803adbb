import { afterEach, describe, expect, it, vi } from 'vitest';
import { BRIDGE_CHANNEL, createWindowBridge, isPopupWindow, type BridgeMessage, type ChannelLike, type WindowBridge } from './window-bridge';
import { makeUserInfo } from '../../api/testing/make-user-info';

/** An in-memory BroadcastChannel: delivers to every other channel of the same name, asynchronously. */
function fakeHub() {
  const channels = new Map<string, Set<FakeChannel>>();
  class FakeChannel implements ChannelLike {
    private listeners = new Set<(event: MessageEvent) => void>();
    constructor(readonly name: string) {
      if (!channels.has(name)) channels.set(name, new Set());
      channels.get(name)!.add(this);
    }
    postMessage(data: unknown) {
      for (const other of channels.get(this.name) ?? []) {
        if (other === this) continue;
        const copy = structuredClone(data);
        queueMicrotask(() => other.listeners.forEach((l) => l(new MessageEvent('message', { data: copy }))));
      }
    }
    addEventListener(_type: 'message', listener: (event: MessageEvent) => void) {
      this.listeners.add(listener);
    }
    removeEventListener(_type: 'message', listener: (event: MessageEvent) => void) {
      this.listeners.delete(listener);
    }
    close() {
      channels.get(this.name)?.delete(this);
    }
  }
  return { create: (name: string) => new FakeChannel(name), channels };
}

const opened: WindowBridge[] = [];
afterEach(() => {
  opened.splice(0).forEach((b) => b.close());
});
const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('window bridge', () => {
  it('delivers main → popups and popups → main, by role', async () => {
    const hub = fakeHub();
    const main = createWindowBridge({ role: 'main', createChannel: hub.create });
    const popupA = createWindowBridge({ role: 'popup', createChannel: hub.create });
    const popupB = createWindowBridge({ role: 'popup', createChannel: hub.create });
    opened.push(main, popupA, popupB);
    const atMain = vi.fn<(m: BridgeMessage) => void>();
    const atA = vi.fn<(m: BridgeMessage) => void>();
    const atB = vi.fn<(m: BridgeMessage) => void>();
    main.subscribe(atMain);
    popupA.subscribe(atA);
    popupB.subscribe(atB);

    const userInfo = makeUserInfo();
    main.postToPopups({ type: 'session.updated', userInfo });
    popupA.postToMain({ type: 'popup.opened', popupId: 'inbound', url: '/window/inbound' });
    await flush();

    expect(atA).toHaveBeenCalledExactlyOnceWith({ type: 'session.updated', userInfo });
    expect(atB).toHaveBeenCalledExactlyOnceWith({ type: 'session.updated', userInfo });
    // Pop-up B does not hear what A says to the main window, and the main window hears only that.
    expect(atMain).toHaveBeenCalledExactlyOnceWith({ type: 'popup.opened', popupId: 'inbound', url: '/window/inbound' });
    expect(hub.channels.get(BRIDGE_CHANNEL)?.size).toBe(3);
  });

  it('unsubscribe and close stop delivery', async () => {
    const hub = fakeHub();
    const main = createWindowBridge({ role: 'main', createChannel: hub.create });
    const popup = createWindowBridge({ role: 'popup', createChannel: hub.create });
    opened.push(main, popup);
    const handler = vi.fn();
    const off = main.subscribe(handler);
    off();
    popup.postToMain({ type: 'popup.closed', popupId: 'x', url: '/window/x' });
    await flush();
    expect(handler).not.toHaveBeenCalled();
    popup.close();
    expect(hub.channels.get(BRIDGE_CHANNEL)?.size).toBe(1);
  });

  it('ignores foreign messages on the same channel', async () => {
    const hub = fakeHub();
    const main = createWindowBridge({ role: 'main', createChannel: hub.create });
    opened.push(main);
    const handler = vi.fn();
    main.subscribe(handler);
    hub.create(BRIDGE_CHANNEL).postMessage({ hello: 'world' });
    await flush();
    expect(handler).not.toHaveBeenCalled();
  });

  it('is a graceful no-op without BroadcastChannel', () => {
    const bridge = createWindowBridge({ role: 'main', createChannel: () => null });
    expect(() => bridge.postToPopups({ type: 'session.updated', userInfo: null })).not.toThrow();
    const off = bridge.subscribe(vi.fn());
    expect(() => off()).not.toThrow();
    expect(() => bridge.close()).not.toThrow();
  });

  it('works over the platform BroadcastChannel', async () => {
    expect(typeof BroadcastChannel).toBe('function');
    const main = createWindowBridge({ role: 'main' });
    const popup = createWindowBridge({ role: 'popup' });
    opened.push(main, popup);
    const received = new Promise<BridgeMessage>((resolve) => main.subscribe(resolve));
    popup.postToMain({ type: 'cti.request', action: 'hangup', payload: { extension: '1001' } });
    await expect(received).resolves.toEqual({ type: 'cti.request', action: 'hangup', payload: { extension: '1001' } });
  });

  it.each([
    ['/window/inbound', true],
    ['/window', true],
    ['/windows', false],
    ['/dashboard', false],
  ])('isPopupWindow(%s) → %s', (path, expected) => {
    expect(isPopupWindow(path)).toBe(expected);
  });
});
