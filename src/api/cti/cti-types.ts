/**
 * Wire types of the telephony (CTI) server, CONTRACT §7. The specification does not show response
 * shapes, so the client parses answers defensively and hands the machines these normalised types.
 */

/** `dndOn` options: 1 do-not-disturb, 11 rest, 21 lunch, 31 after-call. `dndOff` returns to available. */
export type DndOption = 1 | 11 | 21 | 31;

/** `load` answer: `status` is the agent state code (11/21/31), `exten_status` the extension code (51 = logged in). */
export interface CtiLoadResult {
  status: number;
  exten_status: number;
}

/** `checkTransfer` answer: whether call forwarding is on, and to which number. */
export interface CtiForwardingResult {
  transfer: boolean;
  number: string | null;
}

/** `get_channel.php` answer; `channel` is null when the extension has no live channel. */
export interface CtiChannelResult {
  channel: string | null;
}

/** `otr.php` answer; `recording` is null when the server does not say which way it toggled. */
export interface CtiRecordingResult {
  recording: boolean | null;
}

/** `dial` and `click_ziotes.php` answer the new call's uniqueid (null if an older server leaves it out). */
export interface CtiDialResult {
  result: string;
  uniqueid: string | null;
}

/** Every other action answers `{ result: "success" }`. */
export interface CtiActionResult {
  result: string;
}

/** Errors are normalised to this shape, whatever failed (HTTP status, network, unreadable answer). */
export interface CtiError {
  /** HTTP status, or null when no response arrived. */
  status: number | null;
  message: string;
}
