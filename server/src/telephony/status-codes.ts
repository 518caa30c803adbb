// The specification's status codes (section 4) in one place. Every driver reports through these, so a
// client sees the same numbers whichever PBX is behind the company.

/** `exten_status`: 51 means the extension is logged in (registered); anything else means logged out. */
export const EXTEN_LOGGED_IN = 51;
export const EXTEN_LOGGED_OUT = 0;

/** `status` codes. 1, 4 and 8 are also Asterisk's extension-state numbers (in use, unavailable, ringing). */
export const STATUS = {
  available: 0,
  busy: 1,
  /** Not in the specification: the phone refuses calls (Asterisk's "Busy" extension state). */
  dnd: 2,
  loggedOut: 4,
  ringing: 8,
  rest: 11,
  restOnCall: 12,
  lunch: 21,
  lunchOnCall: 22,
  after: 31,
  afterOnCall: 32,
} as const;

/** dndOn options: 1 do-not-disturb, 11 rest, 21 lunch, 31 after-call. */
export type DndOption = 1 | 11 | 21 | 31;

export const DND_OPTIONS: readonly DndOption[] = [1, 11, 21, 31];

export function isDndOption(value: unknown): value is DndOption {
  return typeof value === 'number' && (DND_OPTIONS as readonly number[]).includes(value);
}

/** The agent's chosen state, independent of calls. */
export type Presence = 'available' | 'dnd' | 'rest' | 'lunch' | 'after';

export function presenceOfOption(option: DndOption): Presence {
  switch (option) {
    case 1:
      return 'dnd';
    case 11:
      return 'rest';
    case 21:
      return 'lunch';
    case 31:
      return 'after';
  }
}

export interface ExtensionState {
  status: number;
  exten_status: number;
}

export type LineState = 'idle' | 'ringing' | 'onCall';

/**
 * One formula for every driver: registration first, then the line, then the agent's presence.
 * On a call, rest/lunch/after become 12/22/32 (the specification's "consultation-available").
 */
export function extensionState(registered: boolean, presence: Presence, line: LineState): ExtensionState {
  if (!registered) return { exten_status: EXTEN_LOGGED_OUT, status: STATUS.loggedOut };
  return { exten_status: EXTEN_LOGGED_IN, status: lineStatus(presence, line) };
}

function lineStatus(presence: Presence, line: LineState): number {
  if (line === 'ringing') return STATUS.ringing;
  if (line === 'onCall') {
    if (presence === 'rest') return STATUS.restOnCall;
    if (presence === 'lunch') return STATUS.lunchOnCall;
    if (presence === 'after') return STATUS.afterOnCall;
    return STATUS.busy;
  }
  switch (presence) {
    case 'available':
      return STATUS.available;
    case 'dnd':
      return STATUS.dnd;
    case 'rest':
      return STATUS.rest;
    case 'lunch':
      return STATUS.lunch;
    case 'after':
      return STATUS.after;
  }
}
