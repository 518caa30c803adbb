import { DEFAULT_CALL_WINDOW, isInCallWindow, seoulMinuteOfDay } from './call-window';

const at = (iso: string) => Date.parse(iso);

describe('call window (Asia/Seoul, UTC+9 all year)', () => {
  it('reads the time of day in Seoul whatever the UTC date', () => {
    expect(seoulMinuteOfDay(at('2026-11-27T23:30:00Z'))).toBe(8 * 60 + 30);
    expect(seoulMinuteOfDay(at('2026-07-01T14:59:00Z'))).toBe(23 * 60 + 59); // summer too: no DST
  });

  it('allows 08:00 to 20:59 and refuses 07:59 and 21:00', () => {
    expect(isInCallWindow(DEFAULT_CALL_WINDOW, at('2026-11-26T23:00:00Z'))).toBe(true); // 08:00
    expect(isInCallWindow(DEFAULT_CALL_WINDOW, at('2026-11-27T11:59:59Z'))).toBe(true); // 20:59:59
    expect(isInCallWindow(DEFAULT_CALL_WINDOW, at('2026-11-26T22:59:59Z'))).toBe(false); // 07:59:59
    expect(isInCallWindow(DEFAULT_CALL_WINDOW, at('2026-11-27T12:00:00Z'))).toBe(false); // 21:00
  });

  it('handles a window over midnight and refuses an empty one', () => {
    const night = { start: '22:00', end: '02:00' };
    expect(isInCallWindow(night, at('2026-11-27T14:00:00Z'))).toBe(true); // 23:00
    expect(isInCallWindow(night, at('2026-11-27T16:30:00Z'))).toBe(true); // 01:30
    expect(isInCallWindow(night, at('2026-11-27T03:00:00Z'))).toBe(false); // 12:00
    expect(isInCallWindow({ start: '09:00', end: '09:00' }, at('2026-11-27T00:00:00Z'))).toBe(false);
  });

  it('rejects a malformed time', () => {
    expect(() => isInCallWindow({ start: '8am', end: '21:00' }, 0)).toThrow(/HH:MM/);
  });
});
