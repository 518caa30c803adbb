import { z } from 'zod';
import { recordIdNumber } from './input-bounds';
import { defineResourceContract, listQuerySchema, pageSchema } from '../resources/resource-contract';
import { ringGroupEntity } from './ring-group.contract';

const ADMIN_ONLY = { roles: ['admin'] as const };

/** One row of `/admin/ring-group`: a company's ring group (its record) and whose it is. */
export const adminRingGroupRecord = ringGroupEntity.contract.record.extend({
  company_id: z.number().int(),
  company_name: z.string(),
});
export type AdminRingGroup = z.infer<typeof adminRingGroupRecord>;

/**
 * `POST admin/ring-group/list` (issue 17 item 5): every company's ring groups for the platform
 * administrator, read-only (each company's managers edit their own at /configuration/inbound/ring-group).
 * Search reads the number and display name; `company_id` narrows to one company.
 */
export const adminRingGroupContract = defineResourceContract({
  entity: 'admin-ring-group',
  path: 'admin/ring-group',
  record: adminRingGroupRecord,
  input: z.object({}),
  filters: { company_id: recordIdNumber('validation.invalid_value') },
  sortFields: ['number', 'display_name', 'company_name', 'created_at'],
  defaultSort: { sort_by: 'company_name', sort_order: 'asc' },
  searchable: true,
  access: { read: ADMIN_ONLY, create: ADMIN_ONLY, update: ADMIN_ONLY, delete: ADMIN_ONLY },
  operations: [],
  routes: { view: false },
});

export const adminRingGroupListQuerySchema = listQuerySchema(adminRingGroupContract);
export const adminRingGroupPageSchema = pageSchema(adminRingGroupRecord);

/** `POST admin/ring-group/companies`: the companies to filter by, by name. */
export const adminCompanyChoiceSchema = z.object({ id: z.number().int(), name: z.string() });
export const adminCompanyChoicesResponseSchema = z.object({ data: z.array(adminCompanyChoiceSchema) });
export type AdminCompanyChoice = z.infer<typeof adminCompanyChoiceSchema>;
