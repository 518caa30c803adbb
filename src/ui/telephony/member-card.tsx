import { H3, HTMLTable, Tag } from '@blueprintjs/core';
import type { Member } from '../../api/contracts/member.contract';
import { formatPhoneNumber } from './format-phone';
import { useT } from '../../i18n/use-t';

export interface MemberCardProps {
  member: Member;
  /** Prefix of the test ids: `<prefix>` on the card, `<prefix>-name` on the name. @default 'member-card' */
  testIdPrefix?: string;
}

/** A member at a glance in the call pop-ups: name, number, company, groups, levels and custom fields. */
export function MemberCard({ member, testIdPrefix = 'member-card' }: MemberCardProps) {
  const t = useT();
  const custom = Object.entries(member.custom_fields);
  return (
    <section data-testid={testIdPrefix} data-member-id={member.id}>
      <H3 data-testid={`${testIdPrefix}-name`} style={{ margin: '0 0 6px' }}>
        {member.name}
      </H3>
      <HTMLTable compact>
        <tbody>
          <tr>
            <th>{t('member.field.phone_number')}</th>
            <td>{formatPhoneNumber(member.phone_number)}</td>
          </tr>
          {member.company_name && (
            <tr>
              <th>{t('member.field.company_name')}</th>
              <td>{member.company_name}</td>
            </tr>
          )}
          <tr>
            <th>{t('member.field.groups')}</th>
            <td>{member.groups.map((g) => <Tag key={g} minimal style={{ marginRight: 4 }}>{g}</Tag>)}</td>
          </tr>
          <tr>
            <th>{t('member.field.levels')}</th>
            <td>{member.levels.map((l) => <Tag key={l} minimal style={{ marginRight: 4 }}>{l}</Tag>)}</td>
          </tr>
          {custom.map(([name, value]) => (
            <tr key={name}>
              <th>{name}</th>
              <td>{value}</td>
            </tr>
          ))}
        </tbody>
      </HTMLTable>
    </section>
  );
}
