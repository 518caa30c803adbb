import { describe, expect, it } from 'vitest';
import { POPUP_SPECS } from '../../shell/popups/popup-table';
import { POPUPS, getPopup } from './registry';

describe('pop-up registry', () => {
  it('gives every pop-up of the table a screen, and adds nothing else', () => {
    expect(POPUPS.map((p) => p.id)).toEqual(POPUP_SPECS.map((p) => p.id));
    for (const def of POPUPS) expect(typeof def.screen, def.id).toBe('function');
  });

  // Its first import pulls in most of the app (seconds on a busy two-core machine).
  it('the inbound pop-up\'s screen loads a component', { timeout: 30_000 }, async () => {
    const module = await getPopup('inbound')!.screen();
    expect(typeof module.default).toBe('function');
  });
});
