// What the Asterisk driver knows about each extension, to report the specification's status codes:
// registration (ours, see RegistrationTracker), the agent's state (set by our commands and confirmed by
// QueueMemberStatus pause reasons) and the line (ExtensionStatus / QueueMemberStatus device states).

import type { TelephonyEvent } from '../driver';
import { extensionState, type ExtensionState, type LineState, type Presence } from '../status-codes';

/** Pause reasons we send with QueuePause, and read back from QueueMemberStatus. */
export const PAUSE_REASON: Record<'rest' | 'lunch' | 'after', string> = { rest: 'rest', lunch: 'lunch', after: 'after' };

/** ExtensionState / ExtensionStatus `Status` (bit flags: 1 in use, 2 busy, 4 unavailable, 8 ringing, 16 on hold). */
export function lineFromExtensionState(status: number): LineState {
  if (!Number.isFinite(status) || status < 0) return 'idle';
  if (status & 8) return 'ringing';
  if (status & (1 | 2 | 16)) return 'onCall';
  return 'idle';
}

/** QueueMemberStatus `Status` (device state: 1 not in use, 2 in use, 3 busy, 5 unavailable, 6 ringing, 7 ring+in use, 8 on hold). */
export function lineFromDeviceState(status: number): LineState {
  if (status === 6 || status === 7) return 'ringing';
  if (status === 2 || status === 3 || status === 8) return 'onCall';
  return 'idle';
}

export function presenceFromPause(paused: boolean, reason: string): Presence | null {
  if (!paused) return 'available';
  const entry = Object.entries(PAUSE_REASON).find(([, r]) => r === reason.trim().toLowerCase());
  return entry ? (entry[0] as Presence) : null;
}

export class ExtensionBook {
  private numbers = new Set<string>();
  private readonly presence = new Map<string, Presence>();
  private readonly line = new Map<string, LineState>();
  private readonly published = new Map<string, string>();

  constructor(private readonly isRegistered: (ext: string) => boolean) {}

  setNumbers(numbers: string[]): void {
    this.numbers = new Set(numbers);
  }

  has(ext: string): boolean {
    return this.numbers.has(ext);
  }

  presenceOf(ext: string): Presence {
    return this.presence.get(ext) ?? 'available';
  }

  setPresence(ext: string, presence: Presence): void {
    this.presence.set(ext, presence);
  }

  setLine(ext: string, line: LineState): void {
    this.line.set(ext, line);
  }

  state(ext: string): ExtensionState {
    return extensionState(this.isRegistered(ext), this.presenceOf(ext), this.line.get(ext) ?? 'idle');
  }

  /** The extension_status event if the codes changed since last published. */
  changes(ext: string): TelephonyEvent | null {
    if (!this.has(ext)) return null;
    const state = this.state(ext);
    const key = `${state.exten_status}/${state.status}`;
    if ((this.published.get(ext) ?? '0/4') === key) return null;
    this.published.set(ext, key);
    return { type: 'extension_status', extension: ext, payload: { extension: ext, ...state } };
  }
}
