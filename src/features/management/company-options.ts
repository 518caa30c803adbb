import useSWR from 'swr';
import { adminCompanyChoicesResponseSchema, type AdminCompanyChoice } from '../../api/contracts/admin-ring-group.contract';
import { postParsed } from '../../api/post-parsed';
import type { ResourceOption } from '../../ui/resource/resource-view';

/** Every company, id and name, by name (`admin/ring-group/companies`, admin only): the company filters and choices. */
export const COMPANY_CHOICES_PATH = 'admin/ring-group/companies';

export function useCompanyChoices(): readonly AdminCompanyChoice[] {
  const { data } = useSWR([COMPANY_CHOICES_PATH, {}], ([path, body]: readonly [string, object]) =>
    postParsed(path, body, (answer) => adminCompanyChoicesResponseSchema.parse(answer).data),
  );
  return data ?? [];
}

export function useCompanyOptions(): readonly ResourceOption[] {
  return useCompanyChoices().map((company) => ({ value: String(company.id), label: company.name }));
}
