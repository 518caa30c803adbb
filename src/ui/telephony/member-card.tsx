import type { ReactNode } from 'react';
import { Classes, H3, HTMLTable, Tag } from '@blueprintjs/core';
import type { Member } from '../../api/contracts/member.contract';
import { formatPhoneNumber } from './format-phone';
import { formatDay } from '../../i18n/dates';
import { useLanguage } from '../../i18n/language-store';
import { useT } from '../../i18n/use-t';

export interface MemberCardProps {
  member: Member;
  /** Prefix of the test ids: `<prefix>` on the card, `<prefix>-name` on the name. @default 'member-card' */
  testIdPrefix?: string;
  /**
   * 'rows': one field a row (the call pop-ups, beside the consultation form); 'inline': the fields side by
   * side, wrapping, where the card heads a list that needs the height (QA: the outbound history's list
   * started below the window's edge). @default 'rows'
   */
  layout?: 'rows' | 'inline';
}

type Field = [key: string, label: string, value: ReactNode];

const tags = (names: readonly string[]) => names.map((n) => <Tag key={n} minimal style={{ marginRight: 4 }}>{n}</Tag>);

/** A member at a glance in the call pop-ups: name, number, company, groups, levels and custom fields. */
export function MemberCard({ member, testIdPrefix = 'member-card', layout = 'rows' }: MemberCardProps) {
  const t = useT();
  const language = useLanguage();
  const fields: Field[] = [
    ['phone_number', t('member.field.phone_number'), formatPhoneNumber(member.phone_number)],
    ...(member.company_name ? [['company_name', t('member.field.company_name'), member.company_name] as Field] : []),
    ['groups', t('member.field.groups'), tags(member.groups)],
    ['levels', t('member.field.levels'), tags(member.levels)],
    // A date custom field holds `YYYY-MM-DD`: shown in the page's format, like every other day.
    ...Object.entries(member.custom_fields).map(([name, value]): Field => [`custom:${name}`, name, typeof value === 'string' ? formatDay(value, language) : value]),
  ];
  return (
    <section data-testid={testIdPrefix} data-member-id={member.id}>
      <H3 data-testid={`${testIdPrefix}-name`} style={{ margin: '0 0 6px' }}>
        {member.name}
      </H3>
      {layout === 'inline' ? (
        <dl style={{ display: 'flex', flexWrap: 'wrap', gap: '4px 24px', margin: 0 }}>
          {fields.map(([key, label, value]) => (
            <div key={key} style={{ display: 'flex', gap: 8, alignItems: 'baseline' }}>
              <dt className={Classes.TEXT_MUTED}>{label}</dt>
              <dd style={{ margin: 0 }}>{value}</dd>
            </div>
          ))}
        </dl>
      ) : (
        <HTMLTable compact>
          <tbody>
            {fields.map(([key, label, value]) => (
              <tr key={key}>
                <th>{label}</th>
                <td>{value}</td>
              </tr>
            ))}
          </tbody>
        </HTMLTable>
      )}
    </section>
  );
}
