import { Intent } from '@blueprintjs/core';
import type { AutoCallbackState, CallbackSource, CallbackStatus } from '../../api/contracts/callback.contract';
import type { MessageId } from '../../i18n/message-ids';

/** Typed tables, so every status and source has a message id in both catalogues (check:i18n). */
export const CALLBACK_STATUS_LABELS: Record<CallbackStatus, MessageId> = {
  open: 'callback.status.open',
  in_progress: 'callback.status.in_progress',
  done: 'callback.status.done',
  cancelled: 'callback.status.cancelled',
};

export const CALLBACK_STATUS_INTENTS: Record<CallbackStatus, Intent> = {
  open: Intent.WARNING,
  in_progress: Intent.PRIMARY,
  done: Intent.SUCCESS,
  cancelled: Intent.NONE,
};

export const CALLBACK_SOURCE_LABELS: Record<CallbackSource, MessageId> = {
  missed_call: 'callback.source.missed_call',
  manual: 'callback.source.manual',
};

/** The system's own tries of a callback group (docs/calls.md "Automatic callbacks"); `{n}` the try, `{time}` when. */
export const AUTO_CALLBACK_LABELS: Record<AutoCallbackState, MessageId> = {
  scheduled: 'callback.auto.scheduled',
  calling: 'callback.auto.calling',
  connected: 'callback.auto.connected',
  exhausted: 'callback.auto.exhausted',
  stopped: 'callback.auto.stopped',
};
