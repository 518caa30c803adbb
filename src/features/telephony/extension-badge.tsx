import { Tag } from '@blueprintjs/core';
import { shallowEqual } from '@xstate/react';
import { selectExtension, selectRegistration } from '../../shell/telephony/phone-view.selectors';
import { usePhone } from '../../shell/telephony/use-phone';
import { ExtensionStatusLabel } from '../../ui/telephony/extension-status-label';
import { useT } from '../../i18n/use-t';

/** The user's extension and its status label (specification section 4 codes, live from the server). */
export function ExtensionBadge({ fallbackExtension }: { fallbackExtension: string }) {
  const t = useT();
  const extension = usePhone(selectExtension) ?? fallbackExtension;
  const registration = usePhone(selectRegistration, shallowEqual);
  return (
    <span style={{ display: 'inline-flex', alignItems: 'center', gap: 6 }}>
      <Tag icon="phone" minimal data-testid="cti-extension" aria-label={t('cti.extension_label', { extension })}>
        {extension}
      </Tag>
      <ExtensionStatusLabel code={registration?.status ?? null} testId="cti-status-label" />
    </span>
  );
}
