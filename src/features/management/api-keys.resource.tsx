import { Tag, Intent } from '@blueprintjs/core';
import { companyApiKeyContract, type CompanyApiKey } from '../../api/contracts/management.contract';
import { useT } from '../../i18n/use-t';
import { NewSecretDialog } from '../../ui/feedback/new-secret-dialog';
import { momentCell } from '../../ui/resource/entity-cells';
import { defineResourceView } from '../../ui/resource/resource-view';
import { useCompanyOptions } from './company-options';

function LastUsed({ value }: { value: string | null }) {
  const t = useT();
  return <>{value ? momentCell(value) : t('management.api_key.never_used')}</>;
}

function KeyStatus({ status }: { status: CompanyApiKey['status'] }) {
  const t = useT();
  return (
    <Tag minimal intent={status === 'active' ? Intent.SUCCESS : Intent.NONE} data-testid={`api-key-status-${status}`}>
      {t(status === 'active' ? 'management.api_key.status.active' : 'management.api_key.status.revoked')}
    </Tag>
  );
}

/**
 * /admin/management/api-key (docs/administration.md): every company's API keys. Issued with a name for a
 * company (the secret shown once, with a copy button), revoked after a confirmation (the row stays,
 * marked revoked), never edited.
 */
export const companyApiKeysView = defineResourceView({
  contract: companyApiKeyContract,
  nounId: 'management.api_key.noun',
  searchFieldIds: ['management.api_key.field.name'],
  columns: [
    { key: 'company_name', labelId: 'management.company', sortField: 'company_name' },
    { key: 'name', labelId: 'management.api_key.field.name', sortField: 'name' },
    { key: 'created_at', labelId: 'management.api_key.field.created_at', sortField: 'created_at', render: (r) => momentCell(r.created_at) },
    { key: 'last_used_at', labelId: 'management.api_key.field.last_used_at', sortField: 'last_used_at', render: (r) => <LastUsed value={r.last_used_at} /> },
    { key: 'status', labelId: 'management.api_key.field.status', render: (r) => <KeyStatus status={r.status} /> },
  ],
  fields: [
    { kind: 'select', name: 'company_id', labelId: 'management.company', required: true, useOptions: useCompanyOptions },
    { kind: 'text', name: 'name', labelId: 'management.api_key.field.name', required: true },
  ],
  filters: [
    { name: 'company_id', labelId: 'management.company', useOptions: useCompanyOptions },
    {
      name: 'status',
      labelId: 'management.api_key.field.status',
      useOptions: () => [
        { value: 'active', labelId: 'management.api_key.status.active' },
        { value: 'revoked', labelId: 'management.api_key.status.revoked' },
      ],
    },
  ],
  emptyValues: () => ({ company_id: '', name: '' }),
  toFormValues: (r) => ({ company_id: String(r.company_id), name: r.name }),
  describe: (r) => r.name,
  deleteConfirmId: 'management.api_key.revoke_confirm',
  deleteLabelId: 'management.api_key.revoke',
  deletedId: 'management.api_key.revoked',
  slots: {
    created: (created, close) => (
      <NewSecretDialog
        secret={String(created.key)}
        name={created.name}
        titleId="management.api_key.created_title"
        onceId="management.api_key.created_body"
        usageId="management.api_key.created_usage"
        copyId="management.api_key.copy"
        copiedId="management.api_key.copied"
        testIdPrefix="company-api-key"
        onClose={close}
      />
    ),
  },
});
