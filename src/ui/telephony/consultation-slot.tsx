import { Callout } from '@blueprintjs/core';
import { useT } from '../../i18n/use-t';

/**
 * Where the consultation form of a call pop-up goes. The form comes with the consultations (CRM) work;
 * until then this marks the place so the pop-up's layout is final.
 */
export function ConsultationSlot() {
  const t = useT();
  return (
    <Callout icon="annotation" title={t('cti.consultation_slot.title')} data-testid="consultation-slot">
      {t('cti.consultation_slot.body')}
    </Callout>
  );
}
