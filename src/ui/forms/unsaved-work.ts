import { createContext, useCallback, useContext, useEffect, useId, useRef, useState } from 'react';
import type { MessageId } from '../../i18n/message-ids';

/** Work a form holds that closing its pop-up now would leave unsaved. */
export interface UnsavedWork {
  /** The confirmation's text: what closing does to the work (e.g. it stays as a draft). */
  messageId: MessageId;
}

/** What closing a form with typing in it, and no draft to keep it, does to the typing. */
export const TYPING_LOST: UnsavedWork = { messageId: 'resource.close_loses_typing' };

type Report = (owner: string, work: UnsavedWork | null) => void;

/**
 * Provided by a pop-up (dialog or window, src/app/popups): the forms inside report unsaved work to
 * it, and it asks before closing. ui may not import the pop-ups, so they provide this instead.
 */
export const UnsavedWorkContext = createContext<Report | null>(null);

/**
 * Tells the enclosing pop-up or dialog, if any, that closing it now would leave `work` unsaved; null
 * when nothing would be. Pass a constant, not an object made during render. Returns `clear`, which
 * withdraws the report at once: a form that has just saved calls it before closing itself, so the
 * close that follows does not ask about work that is no longer unsaved.
 */
export function useReportUnsavedWork(work: UnsavedWork | null): () => void {
  const report = useContext(UnsavedWorkContext);
  const owner = useId();
  useEffect(() => {
    if (!report || !work) return;
    report(owner, work);
    return () => report(owner, null);
  }, [report, owner, work]);
  return useCallback(() => report?.(owner, null), [report, owner]);
}

/**
 * A form without a draft to keep its typing: while `typing`, closing what holds it asks first
 * (TYPING_LOST). Returns the same `clear` as useReportUnsavedWork, for the moment it has saved.
 */
export function useReportTyping(typing: boolean): () => void {
  return useReportUnsavedWork(typing ? TYPING_LOST : null);
}

/**
 * The pop-up's (or dialog's) side: the report to provide, the unsaved work reported (null: none) for
 * rendering, and `current()` for deciding at the moment of closing, which sees a `clear` made in the
 * same turn (state would show it only after the next render).
 */
export function useUnsavedWork(): { report: Report; work: UnsavedWork | null; current: () => UnsavedWork | null } {
  const [works, setWorks] = useState<Readonly<Record<string, UnsavedWork>>>({});
  const latest = useRef<Readonly<Record<string, UnsavedWork>>>({});
  const report = useCallback<Report>((owner, work) => {
    const current = latest.current;
    if (work ? current[owner] === work : !(owner in current)) return;
    const next = { ...current };
    if (work) next[owner] = work;
    else delete next[owner];
    latest.current = next;
    setWorks(next);
  }, []);
  const current = useCallback(() => Object.values(latest.current)[0] ?? null, []);
  return { report, work: Object.values(works)[0] ?? null, current };
}
