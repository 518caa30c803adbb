import { afterEach, describe, expect, it, vi } from 'vitest';
import { render } from '@testing-library/react';
import { useAnnouncePopupWindow } from './use-announce-popup-window';
import { createWindowBridge, type BridgeMessage } from '../../shell/popups/window-bridge';

const main = createWindowBridge({ role: 'main' });
afterEach(() => main.close());

function Probe() {
  useAnnouncePopupWindow('inbound');
  return null;
}

describe('useAnnouncePopupWindow', () => {
  it('announces popup.opened, then popup.closed on pagehide', async () => {
    const heard: BridgeMessage[] = [];
    main.subscribe((m) => heard.push(m));
    render(<Probe />);
    window.dispatchEvent(new Event('pagehide'));
    await vi.waitFor(() => expect(heard.map((m) => m.type)).toEqual(['popup.opened', 'popup.closed']));
    expect(heard[0]).toMatchObject({ popupId: 'inbound', url: '/' });
  });
});
