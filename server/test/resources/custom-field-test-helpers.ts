import type { Caller } from './resource-test-helpers';
import { dataOf } from './resource-test-helpers';

export type Manager = 'manager' | 'acme-manager';
export type CustomField = { id: number; name: string; field_type: string };

/**
 * Find, add and retype the custom fields of one kind (`member-custom-field`, `consultation-custom-field`)
 * as a company's manager, for the tests of both kinds.
 */
export function customFieldCalls(caller: () => Caller, path: 'member-custom-field' | 'consultation-custom-field') {
  // The test's caller is made in its beforeAll: read it at each call, not when the helpers are made.
  const call = (...args: Parameters<Caller>) => caller()(...args);
  return {
    async fieldNamed(name: string, username: Manager = 'manager'): Promise<CustomField> {
      const rows = (await call(username, `/${path}/list`, { per_page: 100 })).json().data as CustomField[];
      const row = rows.find((r) => r.name === name);
      if (!row) throw new Error(`no custom field ${name}`);
      return row;
    },
    addField: async (name: string, username: Manager = 'manager') =>
      dataOf<CustomField>(await call(username, `/${path}/store`, { name, field_type: 'text' })),
    changeType: (field: CustomField, fieldType: string, username: Manager = 'manager', language?: string) =>
      call(username, `/${path}/update`, { id: field.id, name: field.name, field_type: fieldType }, language ? { language } : {}),
  };
}
