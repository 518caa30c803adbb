import { H5, HTMLTable, Spinner } from '@blueprintjs/core';
import { useCallDetail } from '../../api/resources/call-api';
import { formatTime } from '../../i18n/dates';
import { useT } from '../../i18n/use-t';
import { StatePanel } from '../../ui/feedback/state-panel';
import { formatPhoneNumber } from '../../ui/telephony/format-phone';
import { eventLabel } from './call-labels';

/** `cti/calls/show-call`: every event of the call, with the second it happened (under the call's fields). */
export function CallEvents({ uniqueid }: { uniqueid: string }) {
  const t = useT();
  const { data, error, isLoading } = useCallDetail(uniqueid);
  if (isLoading) return <Spinner size={20} />;
  if (error || !data) return <StatePanel testId="call-events-error" icon="error" title={t('call.not_found')} description={error?.message} />;
  return (
    <section style={{ marginTop: 16 }}>
      <H5>{t('call.events')}</H5>
      <HTMLTable compact striped data-testid="call-events" style={{ width: '100%' }}>
        <thead>
          <tr>
            <th>{t('call.event.time')}</th>
            <th>{t('call.event.extension')}</th>
            <th>{t('call.event.what')}</th>
            <th>{t('call.event.number')}</th>
          </tr>
        </thead>
        <tbody>
          {data.events.map((event, index) => (
            <tr key={index} data-testid={`call-event-${index}`}>
              <td>{formatTime(event.occurred_at)}</td>
              <td>{event.extension}</td>
              <td>{t(eventLabel(event))}</td>
              <td>{formatPhoneNumber(event.number)}</td>
            </tr>
          ))}
        </tbody>
      </HTMLTable>
    </section>
  );
}
