// Typed telephony failures. Every driver throws these (never bare Errors) so the HTTP layer can map a
// failure onto a 4xx/5xx answer without knowing which driver produced it.

export type TelephonyErrorCode =
  | 'not_logged_in' // the acting extension is not registered
  | 'no_call' // the command needs a call (ringing or answered) that does not exist
  | 'unknown_extension' // the extension is not in this company's directory
  | 'unknown_queue' // the queue or ring group is not in this company's directory
  | 'busy' // the destination cannot take the call (do-not-disturb, already on a call)
  | 'invalid_number' // a phone number or caller ID that is not digits (optional leading +)
  | 'invalid_option' // a dndOn option other than 1, 11, 21, 31
  | 'invalid_config' // a directory (extensions, queues, ring groups) that contradicts itself
  | 'duplicate_call' // a uniqueid that is already in use
  | 'blacklisted' // the company's blacklist refuses calls to this number
  | 'unsupported' // the driver cannot do this (e.g. hold over legacy HTTP)
  | 'pbx_unavailable' // the PBX or remote CTI server cannot be reached
  | 'pbx_timeout' // the PBX or remote CTI server did not answer in time
  | 'pbx_error'; // the PBX or remote CTI server answered with an error

/** The HTTP status an API route should answer with for each code. */
export const TELEPHONY_HTTP_STATUS: Record<TelephonyErrorCode, number> = {
  not_logged_in: 409,
  no_call: 409,
  unknown_extension: 404,
  unknown_queue: 404,
  busy: 409,
  invalid_number: 422,
  invalid_option: 422,
  invalid_config: 422,
  duplicate_call: 409,
  blacklisted: 403,
  unsupported: 501,
  pbx_unavailable: 503,
  pbx_timeout: 504,
  pbx_error: 502,
};

export class TelephonyError extends Error {
  readonly code: TelephonyErrorCode;
  readonly httpStatus: number;

  constructor(code: TelephonyErrorCode, message?: string) {
    super(message ?? code);
    this.name = 'TelephonyError';
    this.code = code;
    this.httpStatus = TELEPHONY_HTTP_STATUS[code];
  }
}

export function isTelephonyError(value: unknown): value is TelephonyError {
  return value instanceof TelephonyError;
}
