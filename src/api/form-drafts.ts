import { z } from 'zod';
import { STORAGE_KEYS } from './storage-keys';

/**
 * Unsaved form values kept in the browser (the call pop-ups' consultation), one draft per key, so
 * closing a pop-up, closing its window or a reload does not lose what an agent typed. localStorage
 * rather than sessionStorage: pop-up windows and the main window share it, so a draft written in a
 * dialog comes back in a window and the other way round. Drafts are customer data: `clearSession`
 * removes them all, and nothing is written while signed out.
 */

/** A draft older than this is about a call long over: it is ignored and removed. */
export const DRAFT_MAX_AGE_MS = 24 * 60 * 60 * 1000;

const draftSchema = z.object({
  savedAt: z.number(),
  /** The saved record these values edit; null for values not saved yet at all. */
  recordId: z.number().nullable(),
  values: z.record(z.string(), z.unknown()),
  /** What the draft is about, for finding it again without its form (a call's number and direction). */
  about: z.record(z.string(), z.string()).optional(),
});
export type StoredDraft = z.infer<typeof draftSchema>;

/** `consultationDraft:<uniqueid>`: the kind names what the draft is, the id whose it is. */
export const draftKey = (kind: string, id: string): string => `${kind}Draft:${id}`;

/** No key of STORAGE_KEYS looks like this, so sign-out can find every draft without a list of them. */
export const isDraftKey = (key: string): boolean => /^[a-z][A-Za-z]*Draft:/.test(key);

export const encodeDraft = (draft: StoredDraft): string => JSON.stringify(draft);

/** The draft in `raw`, or null when there is none, it does not parse, or it has expired at `now`. */
export function decodeDraft(raw: string | null, now: number): StoredDraft | null {
  if (!raw) return null;
  let parsed: ReturnType<typeof draftSchema.safeParse>;
  try {
    parsed = draftSchema.safeParse(JSON.parse(raw));
  } catch {
    return null;
  }
  if (!parsed.success || now - parsed.data.savedAt > DRAFT_MAX_AGE_MS) return null;
  return parsed.data;
}

// Like storage.ts, every access tolerates a missing or throwing localStorage: a draft is a courtesy,
// never a reason for a form to fail.
function store(): Storage | null {
  try {
    return globalThis.localStorage ?? null;
  } catch {
    return null;
  }
}

function draftKeys(storage: Storage): string[] {
  return Array.from({ length: storage.length }, (_, i) => storage.key(i)).filter((key): key is string => !!key && isDraftKey(key));
}

/** The draft under `key`; on the way, every expired or unreadable draft is removed. */
export function readDraft(key: string, now = Date.now()): StoredDraft | null {
  const storage = store();
  if (!storage) return null;
  try {
    for (const other of draftKeys(storage)) {
      if (!decodeDraft(storage.getItem(other), now)) storage.removeItem(other);
    }
    return decodeDraft(storage.getItem(key), now);
  } catch {
    return null;
  }
}

export function writeDraft(key: string, values: StoredDraft['values'], recordId: number | null, now = Date.now(), about?: StoredDraft['about']): void {
  const storage = store();
  try {
    // A form that unmounts after sign-out (its pop-up closing) must not put customer data back.
    // storage-keys, not storage.ts: storage.ts imports this module for clearSession.
    if (!storage?.getItem(STORAGE_KEYS.token)) return;
    storage.setItem(key, encodeDraft({ savedAt: now, recordId, values, ...(about ? { about } : {}) }));
  } catch {
    // Storage full or blocked: the form still works, the draft just will not survive.
  }
}

export function removeDraft(key: string): void {
  try {
    store()?.removeItem(key);
  } catch {
    // Nothing kept, nothing to remove.
  }
}

/** Every live draft of a kind, by the id in its key (`consultation` → `{ id: <uniqueid>, draft }`). */
export function listDrafts(kind: string, now = Date.now()): { id: string; draft: StoredDraft }[] {
  const storage = store();
  if (!storage) return [];
  const prefix = draftKey(kind, '');
  try {
    return draftKeys(storage)
      .filter((key) => key.startsWith(prefix))
      .flatMap((key) => {
        const draft = decodeDraft(storage.getItem(key), now);
        return draft ? [{ id: key.slice(prefix.length), draft }] : [];
      });
  } catch {
    return [];
  }
}

/** Sign-out: every form's drafts go with the session. */
export function removeAllDrafts(): void {
  const storage = store();
  if (!storage) return;
  try {
    draftKeys(storage).forEach((key) => storage.removeItem(key));
  } catch {
    // As removeDraft.
  }
}
