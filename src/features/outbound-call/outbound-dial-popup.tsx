import { useState } from 'react';
import { shallowEqual } from '@xstate/react';
import { dialableNumber } from '../../api/cti/dialable-number';
import { usePopup } from '../../app/popups/popup-context';
import { CallPanel } from '../../app/telephony/call-panel';
import { selectLatestCallWith } from '../../app/telephony/phone-view.selectors';
import { usePhone, usePopupTelephonyFeed } from '../../app/telephony/use-phone';
import { DialForm } from './dial-form';

/**
 * `/window/outbound-popup/:phoneNumber?` (a window): a dial form, prefilled from the path, and the state
 * and controls of the call to that number (click-to-call opens it for users with the outbound call
 * pop-up toggle, so it shows the call the click placed).
 */
export default function OutboundDialPopup() {
  usePopupTelephonyFeed();
  const popup = usePopup();
  const initial = popup?.params.phoneNumber ?? '';
  const [number, setNumber] = useState(() => dialableNumber(initial));
  const call = usePhone(selectLatestCallWith(number), shallowEqual);
  return (
    <div data-testid="outbound-popup" style={{ padding: 12, display: 'flex', flexDirection: 'column', gap: 8 }}>
      <DialForm initialNumber={initial} onNumberChange={setNumber} busy={!!call && call.phase !== 'ended'} />
      {call && <CallPanel call={call} />}
    </div>
  );
}
