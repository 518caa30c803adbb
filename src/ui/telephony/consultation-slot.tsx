import { Callout } from '@blueprintjs/core';
import type { ReactNode } from 'react';
import { useT } from '../../i18n/use-t';

/**
 * Where the consultation form of a call pop-up goes: the pop-up passes the form (src/ui/consultation)
 * as children; without them this marks the place so the pop-up's layout stays final.
 */
export function ConsultationSlot({ children }: { children?: ReactNode }) {
  const t = useT();
  if (children) return <section data-testid="consultation-slot">{children}</section>;
  return (
    <Callout icon="annotation" title={t('cti.consultation_slot.title')} data-testid="consultation-slot">
      {t('cti.consultation_slot.body')}
    </Callout>
  );
}
