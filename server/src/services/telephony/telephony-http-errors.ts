import { fieldError, HttpError } from '../../lib/errors';
import type { MessageId } from '../../lib/i18n';
import type { TelephonyError, TelephonyErrorCode } from '../../telephony/errors';

/**
 * TelephonyError codes as answers (CONTRACT §3): statuses from telephony/errors.ts, translated messages
 * here. Formats are checked by the route schemas before a driver sees them, so a driver's
 * `invalid_number` is about meaning (dialling or forwarding to yourself, an attended transfer to an
 * outside number) and reads so; it is reported on the field that carried the number. `invalid_config`
 * is the company's settings, not the caller's input: a 500 without details.
 */
const MESSAGES: Record<TelephonyErrorCode, MessageId> = {
  not_logged_in: 'errors.cti_not_logged_in',
  no_call: 'errors.cti_no_call',
  unknown_extension: 'errors.cti_unknown_extension',
  unknown_queue: 'errors.cti_unknown_queue',
  busy: 'errors.cti_busy',
  invalid_number: 'validation.cti_number_refused',
  invalid_option: 'validation.cti_dnd_option',
  invalid_config: 'errors.cti_invalid_config',
  duplicate_call: 'errors.cti_duplicate_call',
  blacklisted: 'errors.cti_blacklisted',
  unsupported: 'errors.cti_unsupported',
  pbx_unavailable: 'errors.cti_pbx_unavailable',
  pbx_timeout: 'errors.cti_pbx_timeout',
  pbx_error: 'errors.cti_pbx_error',
};

export function telephonyHttpError(error: TelephonyError, numberField = 'number'): HttpError {
  switch (error.code) {
    case 'invalid_number':
      return fieldError(numberField, MESSAGES.invalid_number);
    case 'invalid_option':
      return fieldError('option', MESSAGES.invalid_option);
    case 'invalid_config':
      return new HttpError(500, MESSAGES.invalid_config);
    default:
      return new HttpError(error.httpStatus, MESSAGES[error.code]);
  }
}
