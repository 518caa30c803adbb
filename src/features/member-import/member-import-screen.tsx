import { PageFrame } from '../../ui/page/page-frame';
import { ImportFlow } from '../../ui/import/import-flow';

/** /member/import: members from an .xlsx (specification §2, §5 "Member import accepts only .xlsx"). */
export default function MemberImportScreen() {
  return (
    <PageFrame titleId="route.member_import">
      <ImportFlow entity="member" />
    </PageFrame>
  );
}
