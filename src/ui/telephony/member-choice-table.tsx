import { Button, HTMLTable, Intent } from '@blueprintjs/core';
import type { Member } from '../../api/contracts/member.contract';
import { useT } from '../../i18n/use-t';

/**
 * Several members share a phone number: one row each (name, company, groups, levels) and a button to
 * choose it. The inbound select-member pop-up (who is calling) and the outbound select-members pop-up
 * (whom to call back) both ask with it.
 */
export function MemberChoiceTable({ members, onChoose }: { members: readonly Member[]; onChoose: (member: Member) => void }) {
  const t = useT();
  return (
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
              <Button size="small" intent={Intent.PRIMARY} data-testid="select-member-choose" onClick={() => onChoose(m)} text={t('cti.select_member.choose')} />
            </td>
          </tr>
        ))}
      </tbody>
    </HTMLTable>
  );
}
