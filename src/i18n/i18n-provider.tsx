import { useEffect, type ReactNode } from 'react';
import { IntlProvider } from 'react-intl';
import { CATALOGUES } from './catalogues';
import { intlLocale, useLanguage } from './language-store';
import './dates';

/** Provides react-intl for the current language and keeps `<html lang>` in step with it. */
export function I18nProvider({ children }: { children: ReactNode }) {
  const language = useLanguage();
  const locale = intlLocale(language);

  useEffect(() => {
    document.documentElement.lang = locale;
  }, [locale]);

  return (
    <IntlProvider locale={locale} defaultLocale="en" messages={CATALOGUES[language]}>
      {children}
    </IntlProvider>
  );
}
