import { adminRingGroupContract, type AdminRingGroup } from '../../api/contracts/admin-ring-group.contract';
import type { Destination } from '../../api/entities/entity-fields';
import { useAdminCompanyChoices } from '../../api/resources/platform-servers-api';
import type { MessageId } from '../../i18n/message-ids';
import { useT } from '../../i18n/use-t';
import { DESTINATION_TYPE_LABELS } from '../../ui/resource/destination-targets';
import { defineResourceView, type ResourceOption } from '../../ui/resource/resource-view';

/** The companies the list filters by (`admin/ring-group/companies`), by name. */
function useCompanyOptions(): readonly ResourceOption[] {
  return useAdminCompanyChoices().map((company) => ({ value: String(company.id), label: company.name }));
}

function StrategyText({ strategy }: { strategy: AdminRingGroup['strategy'] }) {
  const t = useT();
  return <>{t(`ring-group.strategy.${strategy}` as MessageId)}</>;
}

/**
 * Where an unanswered call goes, in words: the type and its number. The names of the company's records
 * (useDestinationText) come from the company's own lists, which the admin does not read.
 */
function DestinationText({ destination }: { destination: Destination | null }) {
  const t = useT();
  if (!destination) return <>{t('destination.type.hangup')}</>;
  return <>{[t(DESTINATION_TYPE_LABELS[destination.type]), destination.target ?? ''].filter(Boolean).join(' ')}</>;
}

/**
 * /admin/ring-group (issue 17 item 5): every company's ring groups for the platform administrator,
 * read-only (each company's managers edit theirs at /configuration/inbound/ring-group); a company filter.
 */
export const adminRingGroupsView = defineResourceView({
  contract: adminRingGroupContract,
  nounId: 'ring-group.noun',
  searchFieldIds: ['ring-group.field.number', 'ring-group.field.display_name'],
  columns: [
    { key: 'company_name', labelId: 'admin_ring_group.field.company', sortField: 'company_name' },
    { key: 'number', labelId: 'ring-group.field.number', sortField: 'number' },
    { key: 'display_name', labelId: 'ring-group.field.display_name', sortField: 'display_name' },
    { key: 'strategy', labelId: 'ring-group.field.strategy', render: (r) => <StrategyText strategy={r.strategy} /> },
    { key: 'members', labelId: 'ring-group.field.members', render: (r) => r.members.join(', ') },
    { key: 'ring_time_s', labelId: 'ring-group.field.ring_time_s', render: (r) => String(r.ring_time_s ?? '') },
    { key: 'no_answer_destination', labelId: 'ring-group.field.no_answer_destination', render: (r) => <DestinationText destination={r.no_answer_destination} /> },
  ],
  fields: [],
  filters: [{ name: 'company_id', labelId: 'admin_ring_group.field.company', useOptions: useCompanyOptions }],
  emptyValues: () => ({}),
  toFormValues: () => ({}),
  describe: (r) => `${r.company_name} ${r.number}`,
});
