import { Button, HTMLTable, Intent, NonIdealState, Spinner } from '@blueprintjs/core';
import { useCallerMembers } from '../../api/members-lookup';
import { usePopup } from '../../app/popups/popup-context';
import { chooseMemberForCall } from '../../app/telephony/member-selection';
import { formatPhoneNumber } from '../../ui/telephony/format-phone';
import { useT } from '../../i18n/use-t';

/**
 * `/window/inbound/select-member?phone_no=…&uniqueid=…`: several members share the caller's number;
 * the agent picks one and the inbound pop-up shows it (in whatever window it is).
 */
export default function SelectMemberPopup() {
  const t = useT();
  const popup = usePopup();
  const phoneNo = popup?.query.phone_no ?? '';
  const uniqueid = popup?.query.uniqueid ?? '';
  const { data, error, isLoading } = useCallerMembers(phoneNo || null);
  if (isLoading && !data) return <Spinner />;
  if (error && !data) return <NonIdealState icon="error" title={t('cti.inbound.lookup_failed')} description={error.message} />;
  const members = data?.data ?? [];
  return (
    <div style={{ padding: 12 }}>
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
                    popup?.close();
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
