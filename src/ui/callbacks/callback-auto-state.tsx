import type { Callback } from '../../api/contracts/callback.contract';
import { formatDateTime } from '../../i18n/dates';
import { useT } from '../../i18n/use-t';
import { AUTO_CALLBACK_LABELS } from './callback-labels';

/**
 * Where the system's own calls back stand (docs/calls.md "Automatic callbacks"): the next try and when,
 * the try ringing now, the try that reached the caller, or that the tries ran out and people take it
 * from here. Nothing for a callback nobody calls back automatically.
 */
export function CallbackAutoState({ callback }: { callback: Callback }) {
  const t = useT();
  const state = callback.auto_state;
  if (!state) return null;
  // A scheduled try is the next one; the others name the try already counted.
  const n = state === 'scheduled' ? callback.auto_attempts + 1 : callback.auto_attempts;
  const time = callback.next_attempt_at ? formatDateTime(callback.next_attempt_at) : '';
  return <span data-testid={`callback-auto-${callback.id}`}>{t(AUTO_CALLBACK_LABELS[state], { n: String(n), time })}</span>;
}
