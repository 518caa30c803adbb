import { useAdminCompanyChoices } from '../../api/resources/platform-servers-api';
import type { ResourceOption } from '../../ui/resource/resource-view';

/** Every company as a choice (`admin/ring-group/companies`, by name): the company filters and fields. */
export function useCompanyOptions(): readonly ResourceOption[] {
  return useAdminCompanyChoices().map((company) => ({ value: String(company.id), label: company.name }));
}
