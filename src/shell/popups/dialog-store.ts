import { captureFocus } from '../../ui/focus/focus-return';

/**
 * The pop-ups currently shown as in-page dialogs. A tiny external store, read by PopupDialogHost through
 * useSyncExternalStore; openPopup writes to it. Snapshots are immutable arrays so React sees changes.
 */
export interface OpenDialog {
  /** Unique per opened dialog. */
  key: string;
  popupId: string;
  /** Path parameters, as strings (what react-router's useParams would give a window). */
  params: Readonly<Record<string, string>>;
  /** Query parameters, as strings (what useSearchParams would give a window). */
  query: Readonly<Record<string, string>>;
  /** The /window URL the same pop-up has as a window; also what makes two opens "the same dialog". */
  url: string;
  /**
   * Opened by the phone at a ring, not by the user: it leaves the focus where it is, so an agent typing
   * (another call's consultation) does not lose keystrokes to it. @default false
   */
  quiet?: boolean;
}

type Listener = () => void;

let dialogs: readonly OpenDialog[] = [];
let counter = 0;
const listeners = new Set<Listener>();
/**
 * Per open dialog, how to put focus back where it was when it opened (the row's edit button). A closed
 * pop-up dialog is unmounted at once, with no exit transition, so Blueprint's own return never runs.
 */
const focusReturns = new Map<string, ReturnType<typeof captureFocus>>();

function emit(next: readonly OpenDialog[]): void {
  dialogs = next;
  listeners.forEach((listener) => listener());
}

/** Opening the same URL twice brings back the open dialog instead of stacking a copy. */
export function openDialog(entry: Omit<OpenDialog, 'key'>): string {
  const existing = dialogs.find((d) => d.url === entry.url);
  if (existing) return existing.key;
  counter += 1;
  const key = `popup-dialog-${counter}`;
  focusReturns.set(key, captureFocus());
  emit([...dialogs, { ...entry, key }]);
  return key;
}

export function closeDialog(key: string): void {
  if (!dialogs.some((d) => d.key === key)) return;
  const restoreFocus = focusReturns.get(key);
  focusReturns.delete(key);
  emit(dialogs.filter((d) => d.key !== key));
  // After React has removed the dialog (and with it the focused element).
  if (restoreFocus) setTimeout(restoreFocus, 0);
}

/** Everything goes (sign-out): nothing to return focus to. */
export function closeAllDialogs(): void {
  focusReturns.clear();
  if (dialogs.length) emit([]);
}

export function getDialogsSnapshot(): readonly OpenDialog[] {
  return dialogs;
}

export function subscribeDialogs(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
