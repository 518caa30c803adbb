import { HTMLSelect } from '@blueprintjs/core';
import { LANGUAGES, setLanguage, useLanguage } from '../../i18n/language-store';
import { useT } from '../../i18n/use-t';
import type { MessageId } from '../../i18n/message-ids';
import type { Language } from '../../api/contracts/session.contract';

export const LANGUAGE_LABELS: Record<Language, MessageId> = {
  en: 'language.en',
  kr: 'language.kr',
};

/** en / kr, persisted in `language`; every screen re-renders in the new language at once. */
export function LanguageSwitch() {
  const t = useT();
  const language = useLanguage();
  return (
    <HTMLSelect
      data-testid="language-switch"
      aria-label={t('language.switch_label')}
      value={language}
      minimal
      onChange={(event) => setLanguage(event.currentTarget.value as Language)}
      options={LANGUAGES.map((value) => ({ value, label: t(LANGUAGE_LABELS[value]) }))}
    />
  );
}
