import { useSyncExternalStore } from 'react';
import { describeError, type ErrorView } from './describe-error';

/**
 * The one global error dialog's state (architecture guide: one error dialog). Anything can report an
 * error with showError(err); the dialog mounted by the app root shows the latest one.
 */
let current: ErrorView | null = null;
const listeners = new Set<() => void>();

const notify = () => listeners.forEach((listener) => listener());

export function showError(err: unknown): void {
  current = describeError(err);
  notify();
}

export function dismissError(): void {
  current = null;
  notify();
}

export function currentError(): ErrorView | null {
  return current;
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useCurrentError(): ErrorView | null {
  return useSyncExternalStore(subscribe, currentError, currentError);
}
