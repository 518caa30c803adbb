import { useState } from 'react';
import { Callout, Intent, Tag } from '@blueprintjs/core';
import type { CallView } from '../../machines/call/call.selectors';
import { useT } from '../../i18n/use-t';
import { CallControls } from './call-controls';
import { selectHasPhone } from './phone-view.selectors';
import { TransferDialog } from './transfer-dialog';
import { usePhone } from './use-phone';

export interface CallPanelProps {
  /** The call as the phone reports it now; null once the phone dropped it (ended), or before it knows it. */
  call: CallView | null;
}

/**
 * A call pop-up's call section: its state and controls while the phone has the call, then "call ended"
 * (the pop-up stays open for the consultation note). In a pop-up window the call comes from the leader's
 * summary and every button is a `cti.request` back to it.
 */
export function CallPanel({ call }: CallPanelProps) {
  const t = useT();
  const hasPhone = usePhone(selectHasPhone);
  const [transferOpen, setTransferOpen] = useState(false);
  const [seen, setSeen] = useState(false);
  if (call && !seen) setSeen(true);

  if (call) {
    return (
      <section data-testid="call-panel" data-phase={call.phase}>
        <CallControls call={call} onTransfer={() => setTransferOpen(true)} />
        <TransferDialog call={call} isOpen={transferOpen} onClose={() => setTransferOpen(false)} />
      </section>
    );
  }
  if (!hasPhone) {
    return (
      <Callout intent={Intent.WARNING} data-testid="call-panel" data-phase="unknown">
        {t('cti.call.no_phone')}
      </Callout>
    );
  }
  return (
    <section data-testid="call-panel" data-phase="ended">
      <Tag data-testid="call-ended" minimal>
        {t(seen ? 'cti.call.phase.ended' : 'cti.call.not_on_phone')}
      </Tag>
    </section>
  );
}
