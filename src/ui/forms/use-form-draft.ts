import { useCallback, useEffect, useRef, useState } from 'react';
import { readDraft, removeDraft, writeDraft, type StoredDraft } from '../../api/form-drafts';

/** Typing is written this long after the last change rather than on every key. */
const WRITE_DELAY_MS = 300;

type Values = Record<string, unknown>;

/** How ResourceForm keeps a draft (its `draft` prop). */
export interface FormDraftBinding {
  /** Values to start from over the record's or the initial ones: a restored draft's. */
  restored: Values | null;
  /**
   * Told the shown fields' values whenever they change (null while they are what the form starts from
   * without a draft) and the saved record they edit (undefined for a new one).
   */
  onChange: (values: Values | null, recordId: number | undefined) => void;
}

export interface FormDraft {
  /** The draft found for the key when the form opened (or got its key), until the form is saved. */
  restored: StoredDraft | null;
  onChange: FormDraftBinding['onChange'];
  /** The form holds values that are not saved: typed, or restored from a draft. */
  unsaved: boolean;
  /** The form was saved: its draft is removed and nothing is restored any more. */
  discard: () => void;
}

/**
 * Keeps a form's unsaved values as the draft under `key` (src/api/form-drafts.ts), so closing the
 * pop-up or a reload does not lose them. Without a key the form's unsaved state is still followed, but
 * nothing is kept (the outbound pop-up before its call has a uniqueid).
 */
export function useFormDraft(key: string | null, about?: Record<string, string>): FormDraft {
  const [source, setSource] = useState(() => ({ key, draft: key ? readDraft(key) : null }));
  const [unsaved, setUnsaved] = useState(false);
  const latest = useRef<{ values: Values; recordId: number | null } | null>(null);
  const keyRef = useRef(key);
  const aboutRef = useRef(about);
  useEffect(() => {
    aboutRef.current = about;
  });
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  // A form that gets its key while still untouched (the outbound pop-up learns its call's uniqueid
  // after opening) takes up that key's draft; one with typing keeps what it holds.
  if (source.key !== key) setSource({ key, draft: !unsaved && key ? readDraft(key) : source.draft });

  const save = useCallback(() => {
    clearTimeout(timer.current);
    timer.current = undefined;
    const current = keyRef.current;
    if (!current) return;
    if (latest.current) writeDraft(current, latest.current.values, latest.current.recordId, Date.now(), aboutRef.current);
    else removeDraft(current);
  }, []);

  useEffect(() => {
    const before = keyRef.current;
    keyRef.current = key;
    // Typing follows the form to its new key (the outbound pop-up's next call): one draft per form.
    if (before !== key && latest.current) {
      if (before) removeDraft(before);
      save();
    }
  }, [key, save]);

  const onChange = useCallback<FormDraftBinding['onChange']>(
    (values, recordId) => {
      const before = latest.current;
      latest.current = values && { values, recordId: recordId ?? null };
      setUnsaved(values !== null);
      // Untouched before and now: a draft under the key is not this form's to remove (one for
      // another consultation of the same call, say).
      if (!values && !before) return;
      clearTimeout(timer.current);
      timer.current = setTimeout(save, WRITE_DELAY_MS);
    },
    [save],
  );

  // Closing the pop-up, its window or the page within the delay still keeps the last keys typed.
  useEffect(() => {
    const flush = () => {
      if (timer.current !== undefined) save();
    };
    window.addEventListener('pagehide', flush);
    return () => {
      window.removeEventListener('pagehide', flush);
      flush();
    };
  }, [save]);

  const discard = useCallback(() => {
    clearTimeout(timer.current);
    timer.current = undefined;
    latest.current = null;
    if (keyRef.current) removeDraft(keyRef.current);
    setUnsaved(false);
    setSource((current) => ({ ...current, draft: null }));
  }, []);

  return { restored: source.draft, onChange, unsaved, discard };
}
