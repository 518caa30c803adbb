import { H4, HTMLTable, Icon, Tag } from '@blueprintjs/core';
import { isInternalNumber } from '../../api/contracts/member.contract';
import { useAgentName } from '../../api/resources/user-api';
import { formatPhoneNumber, isMobileNumber } from '../../ui/telephony/format-phone';
import { formatClockTime } from '../../i18n/dates';
import { useT } from '../../i18n/use-t';
import { INBOUND_TITLE_TEXT } from '../../machines/call/popup-queries';

export interface CallerCardProps {
  query: Readonly<Record<string, string>>;
  /** The caller's number; '' when withheld. */
  number: string;
}

/**
 * The `title` query is Korean by the specification ("전화 수신 시간 09:05:07"): shown in the user's
 * language and its time format (i18n/dates.ts: 10:11:12 AM, 오전 10:11:12) when it is that text; any other title as it came.
 */
function titleText(title: string, t: ReturnType<typeof useT>): string | null {
  if (!title.startsWith(INBOUND_TITLE_TEXT)) return title;
  const time = title.slice(INBOUND_TITLE_TEXT.length).trim();
  // Without a time (the pop-up opened by its address, or for an ended call's draft) there is nothing to say.
  return time ? t('cti.inbound.received_at', { time: formatClockTime(time) }) : null;
}

/** Who is calling and how the call came in: the inbound pop-up's query (specification section 2). */
export function CallerCard({ query, number }: CallerCardProps) {
  const t = useT();
  const internal = isInternalNumber(number);
  const mobile = !internal && isMobileNumber(number);
  const title = query.title ? titleText(query.title, t) : null;
  const rows: [string, string | undefined][] = [
    [t('cti.inbound.extension'), query.ext_no],
    [t('cti.inbound.ring_group'), query.ring_gr],
    [t('cti.inbound.ivr_number'), query.ivr_number],
    [t('cti.inbound.uniqueid'), query.uniqueid],
  ];
  return (
    <section data-testid="inbound-caller">
      <H4 style={{ display: 'flex', alignItems: 'center', gap: 8, margin: 0 }}>
        <Icon icon={internal ? 'headset' : mobile ? 'mobile-phone' : 'phone'} size={20} />
        <span data-testid="inbound-caller-number">{number ? formatPhoneNumber(number) : t('cti.inbound.unknown_caller')}</span>
        {internal && <InternalCaller extension={number} />}
        {mobile && (
          <Tag minimal round data-testid="inbound-caller-mobile">
            {t('cti.inbound.mobile')}
          </Tag>
        )}
      </H4>
      {title && (
        <p data-testid="inbound-title" style={{ margin: '4px 0' }}>
          {title}
        </p>
      )}
      <HTMLTable compact>
        <tbody>
          {rows
            .filter(([, value]) => !!value)
            .map(([label, value]) => (
              <tr key={label}>
                <th>{label}</th>
                <td>{value}</td>
              </tr>
            ))}
        </tbody>
      </HTMLTable>
    </section>
  );
}

/**
 * A colleague's extension calling (an attended transfer's consultation leg, an internal call): said as
 * such, with whose extension it is; no member is looked up and none is offered to be created for it.
 */
function InternalCaller({ extension }: { extension: string }) {
  const t = useT();
  const { data: name } = useAgentName(extension);
  return (
    <Tag minimal round intent="primary" data-testid="inbound-caller-internal">
      {name ? t('cti.inbound.internal_from', { name }) : t('cti.inbound.internal')}
    </Tag>
  );
}
