import { useSyncExternalStore } from 'react';
import { getLanguage, setLanguage as persistLanguage } from '../api/storage';
import { STORAGE_KEYS } from '../api/storage-keys';
import type { Language } from '../api/contracts/session.contract';

/**
 * The interface language (`en` default, `kr`), persisted in localStorage `language` (CONTRACT §9).
 * A tiny external store rather than React state so non-React code (date helpers) reads the same value,
 * and so pop-up windows follow a change made in the main window (the `storage` event).
 */

export const LANGUAGES: readonly Language[] = ['en', 'kr'];
export const DEFAULT_LANGUAGE: Language = 'en';

const listeners = new Set<() => void>();

export function readLanguage(): Language {
  return getLanguage() ?? DEFAULT_LANGUAGE;
}

export function setLanguage(language: Language): void {
  persistLanguage(language);
  listeners.forEach((notify) => notify());
}

function subscribe(notify: () => void): () => void {
  listeners.add(notify);
  const onStorage = (event: StorageEvent) => {
    if (event.key === STORAGE_KEYS.language) notify();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(notify);
    window.removeEventListener('storage', onStorage);
  };
}

export function useLanguage(): Language {
  return useSyncExternalStore(subscribe, readLanguage, () => DEFAULT_LANGUAGE);
}

/** `kr` is the product's name for Korean; Intl and dayjs know it as `ko` (CONTRACT §9). */
export function intlLocale(language: Language): 'en' | 'ko' {
  return language === 'kr' ? 'ko' : 'en';
}
