import type { ComponentType } from 'react';

/** A screen's code chunk gets 120 s to arrive before the load counts as failed (specification sections 8, 9). */
export const CHUNK_LOAD_TIMEOUT_MS = 120_000;

export type ScreenModule = { default: ComponentType };
export type ScreenLoader = () => Promise<ScreenModule>;

export class ChunkLoadTimeoutError extends Error {
  constructor(timeoutMs: number) {
    super(`The screen did not load within ${timeoutMs / 1000} s`);
    this.name = 'ChunkLoadTimeoutError';
  }
}

/** Runs the loader, rejecting with ChunkLoadTimeoutError if it has not settled in time. */
export function loadWithTimeout(load: ScreenLoader, timeoutMs = CHUNK_LOAD_TIMEOUT_MS): Promise<ScreenModule> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new ChunkLoadTimeoutError(timeoutMs)), timeoutMs);
    load().then(
      (module) => {
        clearTimeout(timer);
        resolve(module);
      },
      (err: unknown) => {
        clearTimeout(timer);
        reject(err instanceof Error ? err : new Error(String(err)));
      },
    );
  });
}

/**
 * Loaded screens, by loader. A loader is a stable module-level function (route table, pop-up registry),
 * so revisiting a route renders at once without a loading flash. Failures are not cached: retry reloads.
 */
const loaded = new WeakMap<ScreenLoader, ComponentType>();

export function loadedScreen(load: ScreenLoader): ComponentType | undefined {
  return loaded.get(load);
}

export async function loadScreen(load: ScreenLoader, timeoutMs = CHUNK_LOAD_TIMEOUT_MS): Promise<ComponentType> {
  const module = await loadWithTimeout(load, timeoutMs);
  loaded.set(load, module.default);
  return module.default;
}
