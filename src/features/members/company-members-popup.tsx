import { H4 } from '@blueprintjs/core';
import { memberCompanyPath } from '../../api/resources/member-api';
import { useUserInfo } from '../../shell/session/session-selectors';
import { usePopup } from '../../shell/popups/popup-context';
import { useT } from '../../i18n/use-t';
import { ResourceListPanel } from '../../ui/resource/resource-list-panel';
import { memberView } from './members.resource';

/** Pop-up `member/outbound/list/{companyName}`: the members of one company name, as the members list. */
export default function CompanyMembersPopup() {
  const t = useT();
  const popup = usePopup();
  const userInfo = useUserInfo();
  const companyName = popup?.params.companyName ?? '';
  return (
    <div data-testid="company-members-popup" style={{ padding: 16 }}>
      <H4 data-testid="company-members-heading">{t('member.company_members_of', { company: companyName })}</H4>
      <ResourceListPanel
        // One list per company name: a new name starts from page 1 with its own filters.
        key={companyName}
        view={memberView}
        subject={userInfo}
        listPath={memberCompanyPath(companyName)}
        addValues={{ company_name: companyName }}
      />
    </div>
  );
}
