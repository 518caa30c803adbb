import { createActor, fromTransition, type SnapshotFrom } from 'xstate';
import type { PhoneSummary } from '../../machines/phone/phone.selectors';

/**
 * What this window knows about the phone, as plain data: the same `PhoneSummary` whether this window is
 * the tab that owns the phone (its own publish), a follower tab (the leader's summaries) or a pop-up
 * window (the bridge). Components read it with `useSelector(phoneView, select…)`, so the CTI bar, the
 * call pop-ups and follower tabs draw one model and enable exactly the same buttons (`allowed`).
 */
export type PhoneRole = 'none' | 'leader' | 'follower' | 'popup';

export interface PhoneViewState {
  role: PhoneRole;
  summary: PhoneSummary | null;
}

export type PhoneViewEvent =
  | { type: 'summary'; summary: PhoneSummary | null }
  | { type: 'role'; role: PhoneRole }
  | { type: 'reset' };

const INITIAL: PhoneViewState = { role: 'none', summary: null };

export const phoneViewLogic = fromTransition((state: PhoneViewState, event: PhoneViewEvent): PhoneViewState => {
  switch (event.type) {
    case 'summary':
      return event.summary === state.summary ? state : { ...state, summary: event.summary };
    case 'role':
      return event.role === state.role ? state : { ...state, role: event.role };
    case 'reset':
      return INITIAL;
  }
}, INITIAL);

/** One per window, for the page's lifetime (module scope: no React mount owns it). */
export const phoneView = createActor(phoneViewLogic, { id: 'phoneView' }).start();

export type PhoneViewSnapshot = SnapshotFrom<typeof phoneViewLogic>;
