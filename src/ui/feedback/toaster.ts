import type { ReactNode } from 'react';
import { Intent, OverlayToaster, Position, type Toaster } from '@blueprintjs/core';

/** Notification toasts last 1 s at top-centre (specification sections 8 and 9). */
export const TOAST_TIMEOUT_MS = 1000;
export const TOAST_POSITION = Position.TOP;

let toaster: Promise<Toaster> | null = null;

/** The one toaster of the window, created on first use so tests and pop-ups that never toast pay nothing. */
export function getToaster(): Promise<Toaster> {
  toaster ??= OverlayToaster.create({ position: TOAST_POSITION, maxToasts: 3 });
  return toaster;
}

/** Shows a short notification. Pass text that is already translated (e.g. from useT()). */
export async function showToast(message: ReactNode, intent: Intent = Intent.SUCCESS): Promise<void> {
  const instance = await getToaster();
  instance.show({ message, intent, timeout: TOAST_TIMEOUT_MS });
}
