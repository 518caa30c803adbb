/**
 * Telephony status codes of specification section 4, in one place for the machines and the UI.
 * Pure and dependency-free: machines import it without pulling in the HTTP client.
 */

/** `exten_status` 51 = the extension is logged in (registered); anything else = logged out. */
export const EXTEN_STATUS_LOGGED_IN = 51;

/** `dndOn` option for plain do-not-disturb. */
export const DND_OPTION_DO_NOT_DISTURB = 1;

export type AgentStatusName = 'rest' | 'lunch' | 'after';

/** `dndOn` options and `status` codes of the agent states (CONTRACT §7). */
export const AGENT_STATUS_CODES = { rest: 11, lunch: 21, after: 31 } as const satisfies Record<AgentStatusName, number>;

/** CTI load: status 11 gives rest, 21 lunch, 31 after, anything else empty (available). */
export function agentStatusFromCode(status: number): AgentStatusName | null {
  if (status === AGENT_STATUS_CODES.rest) return 'rest';
  if (status === AGENT_STATUS_CODES.lunch) return 'lunch';
  if (status === AGENT_STATUS_CODES.after) return 'after';
  return null;
}

/** The agent's chosen state as the server reports it; `dnd` is status 2 (the server's code, not in the specification). */
export type Presence = 'available' | 'dnd' | AgentStatusName;

/**
 * What a `status` code says about the agent's chosen state. On a call the server reports rest, lunch and
 * after as 12 / 22 / 32 (the specification's "consultation-available"), so those keep the state. Busy (1),
 * ringing (8) and logged out (4, -1) say nothing about it: null, keep what we had.
 */
export function presenceFromCode(status: number): Presence | null {
  switch (status) {
    case 1:
    case 4:
    case -1:
    case 8:
      return null;
    case 2:
      return 'dnd';
    case 11:
    case 12:
      return 'rest';
    case 21:
    case 22:
      return 'lunch';
    case 31:
    case 32:
      return 'after';
    default:
      return 'available';
  }
}

export type ExtensionStatusLabel =
  | 'busy'
  | 'logout'
  | 'ringing'
  | 'rest'
  | 'lunch'
  | 'after_call'
  | 'consultation_available'
  | 'default';

/** Labels of the extension status codes (specification section 4), for boards and badges. */
export function extensionStatusLabel(code: number): ExtensionStatusLabel {
  switch (code) {
    case 1:
      return 'busy';
    case 4:
    case -1:
      return 'logout';
    case 8:
      return 'ringing';
    case 11:
      return 'rest';
    case 21:
      return 'lunch';
    case 31:
      return 'after_call';
    case 12:
    case 22:
    case 32:
      return 'consultation_available';
    default:
      return 'default';
  }
}

/** Status codes arrive as numbers or numeric strings; anything unreadable becomes 0 ("default"). */
export function toCode(value: unknown): number {
  const code = typeof value === 'number' ? value : typeof value === 'string' ? Number(value.trim()) : NaN;
  return Number.isFinite(code) ? code : 0;
}
