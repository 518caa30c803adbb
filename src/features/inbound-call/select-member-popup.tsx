import { Button, HTMLTable, Intent, NonIdealState, Spinner } from '@blueprintjs/core';
import { shallowEqual } from '@xstate/react';
import { useCallerMembers } from '../../api/members-lookup';
import { usePopup } from '../../app/popups/popup-context';
import { CallPanel } from '../../app/telephony/call-panel';
import { chooseMemberForCall } from '../../app/telephony/member-selection';
import { selectCall } from '../../app/telephony/phone-view.selectors';
import { usePhone, usePopupTelephonyFeed } from '../../app/telephony/use-phone';
import { formatPhoneNumber } from '../../ui/telephony/format-phone';
import { useT } from '../../i18n/use-t';

/**
 * `/window/inbound/select-member?phone_no=…&uniqueid=…`: several members share the caller's number;
 * the agent picks one and the inbound pop-up shows it (in whatever window it is). It opens instead of
 * the inbound pop-up (specification §4) and, as a dialog, on top of it: so it carries the call's state
 * and controls too, and the phone can be answered before anyone is chosen (QA: Answer sat under it).
 */
export default function SelectMemberPopup() {
  usePopupTelephonyFeed();
  const popup = usePopup();
  const phoneNo = popup?.query.phone_no ?? '';
  const uniqueid = popup?.query.uniqueid ?? '';
  const call = usePhone(selectCall(uniqueid || null), shallowEqual);
  return (
    <div style={{ padding: 12, display: 'flex', flexDirection: 'column', gap: 12 }}>
      <CallPanel call={call} />
      <MemberChoice phoneNo={phoneNo} uniqueid={uniqueid} onChosen={() => popup?.close()} />
    </div>
  );
}

function MemberChoice({ phoneNo, uniqueid, onChosen }: { phoneNo: string; uniqueid: string; onChosen: () => void }) {
  const t = useT();
  const { data, error, isLoading } = useCallerMembers(phoneNo || null);
  if (isLoading && !data) return <Spinner />;
  if (error && !data) return <NonIdealState icon="error" title={t('cti.inbound.lookup_failed')} description={error.message} />;
  const members = data?.data ?? [];
  return (
    <div>
      <p>{t('cti.select_member.intro', { number: formatPhoneNumber(phoneNo), count: members.length })}</p>
      <HTMLTable compact striped interactive style={{ width: '100%' }} data-testid="select-member-list">
        <thead>
          <tr>
            <th>{t('member.field.name')}</th>
            <th>{t('member.field.company_name')}</th>
            <th>{t('member.field.groups')}</th>
            <th>{t('member.field.levels')}</th>
            <th />
          </tr>
        </thead>
        <tbody>
          {members.map((m) => (
            <tr key={m.id} data-testid="select-member-row" data-member-id={m.id}>
              <td>{m.name}</td>
              <td>{m.company_name ?? ''}</td>
              <td>{m.groups.join(', ')}</td>
              <td>{m.levels.join(', ')}</td>
              <td style={{ textAlign: 'right' }}>
                <Button
                  size="small"
                  intent={Intent.PRIMARY}
                  data-testid="select-member-choose"
                  onClick={() => {
                    if (uniqueid) chooseMemberForCall(uniqueid, m.id);
                    onChosen();
                  }}
                  text={t('cti.select_member.choose')}
                />
              </td>
            </tr>
          ))}
        </tbody>
      </HTMLTable>
    </div>
  );
}
