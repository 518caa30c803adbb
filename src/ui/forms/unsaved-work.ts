import { createContext, useCallback, useContext, useEffect, useId, useState } from 'react';
import type { MessageId } from '../../i18n/message-ids';

/** Work a form holds that closing its pop-up now would leave unsaved. */
export interface UnsavedWork {
  /** The confirmation's text: what closing does to the work (e.g. it stays as a draft). */
  messageId: MessageId;
}

type Report = (owner: string, work: UnsavedWork | null) => void;

/**
 * Provided by a pop-up (dialog or window, src/app/popups): the forms inside report unsaved work to
 * it, and it asks before closing. ui may not import the pop-ups, so they provide this instead.
 */
export const UnsavedWorkContext = createContext<Report | null>(null);

/**
 * Tells the enclosing pop-up, if any, that closing it now would leave `work` unsaved; null when
 * nothing would be. Pass a constant, not an object made during render.
 */
export function useReportUnsavedWork(work: UnsavedWork | null): void {
  const report = useContext(UnsavedWorkContext);
  const owner = useId();
  useEffect(() => {
    if (!report || !work) return;
    report(owner, work);
    return () => report(owner, null);
  }, [report, owner, work]);
}

/** The pop-up's side: the report to provide and the unsaved work reported (null: none). */
export function useUnsavedWork(): { report: Report; work: UnsavedWork | null } {
  const [works, setWorks] = useState<Readonly<Record<string, UnsavedWork>>>({});
  const report = useCallback<Report>(
    (owner, work) =>
      setWorks((current) => {
        if (work ? current[owner] === work : !(owner in current)) return current;
        const next = { ...current };
        if (work) next[owner] = work;
        else delete next[owner];
        return next;
      }),
    [],
  );
  return { report, work: Object.values(works)[0] ?? null };
}
