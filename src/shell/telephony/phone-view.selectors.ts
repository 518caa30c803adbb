import type { CallView } from '../../machines/call/call.selectors';
import type { PhoneViewSnapshot } from './phone-view';

/**
 * Selectors over the phone view. Primitive ones can be used as they are; the ones returning objects
 * need `shallowEqual` (@xstate/react), as the summary is rebuilt on every change.
 */
export const selectSummary = (s: PhoneViewSnapshot) => s.context.summary;
export const selectRole = (s: PhoneViewSnapshot) => s.context.role;
export const selectHasPhone = (s: PhoneViewSnapshot) => s.context.summary !== null;
export const selectExtension = (s: PhoneViewSnapshot) => s.context.summary?.extension ?? null;
export const selectRegistration = (s: PhoneViewSnapshot) => s.context.summary?.registration ?? null;
export const selectAgent = (s: PhoneViewSnapshot) => s.context.summary?.agent ?? null;
export const selectCalls = (s: PhoneViewSnapshot): CallView[] => s.context.summary?.calls ?? NO_CALLS;
export const selectSupervision = (s: PhoneViewSnapshot) => s.context.summary?.supervision ?? null;
export const selectPhoneError = (s: PhoneViewSnapshot) => s.context.summary?.error ?? null;
export const selectIsRegistered = (s: PhoneViewSnapshot) => s.context.summary?.registration.registered ?? false;

const NO_CALLS: CallView[] = [];

/**
 * Whether the line is taken: a call being dialled, ringing or talked on (one on hold leaves it free for
 * another). The PBX refuses a second call then, so click-to-call is not offered (QA: it opened the
 * outbound pop-up for a call that could not be placed).
 */
export const selectLineBusy = (s: PhoneViewSnapshot) => (s.context.summary?.calls ?? NO_CALLS).some((c) => c.phase !== 'held' && c.phase !== 'ended');

/** A call by its callId or by the server's uniqueid (pop-ups know the uniqueid). */
export const selectCall = (id: string | null | undefined) => (s: PhoneViewSnapshot) =>
  (id && s.context.summary?.calls.find((c) => c.callId === id || c.uniqueid === id)) || null;

/** The newest call to or from `number` that is still live (outbound pop-ups follow their number). */
export const selectLatestCallWith = (number: string | null | undefined) => (s: PhoneViewSnapshot) => {
  if (!number) return null;
  const calls = s.context.summary?.calls ?? NO_CALLS;
  for (let i = calls.length - 1; i >= 0; i -= 1) {
    const call = calls[i];
    if (call && call.number === number) return call;
  }
  return null;
};
