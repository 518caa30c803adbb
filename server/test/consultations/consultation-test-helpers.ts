import type { Caller, DemoUser } from '../resources/resource-test-helpers';
import { dataOf } from '../resources/resource-test-helpers';

/** A consultation body that passes every check in both demo companies (both have 배송 / 지연). */
export const validConsultation = (overrides: Record<string, unknown> = {}) => ({
  title: '테스트 상담',
  phone_number: '010-7300-0001',
  direction: 'inbound',
  big_category: '배송',
  ...overrides,
});

/** Stores a consultation as `username` and answers the record (fails the test otherwise). */
export async function storeConsultation(call: Caller, username: DemoUser, overrides: Record<string, unknown> = {}) {
  const response = await call(username, '/consultation/store', validConsultation(overrides));
  if (response.statusCode !== 200) throw new Error(`consultation/store answered ${response.statusCode}: ${response.body}`);
  return dataOf<Record<string, unknown> & { id: number }>(response);
}

/** The id of a setting by name, as `username` sees it. */
export async function settingId(call: Caller, username: DemoUser, path: string, name: string, extra: Record<string, unknown> = {}): Promise<number> {
  const rows = (await call(username, `/${path}/list`, { per_page: 100, search: name, ...extra })).json().data as { id: number; name: string }[];
  const row = rows.find((r) => r.name === name);
  if (!row) throw new Error(`${path}: no ${name}`);
  return row.id;
}

/** The records of one list request (everything on one page of 100). */
export async function listConsultations(call: Caller, username: DemoUser, query: Record<string, unknown> = {}) {
  const response = await call(username, '/consultation/list', { per_page: 100, ...query });
  if (response.statusCode !== 200) throw new Error(`consultation/list answered ${response.statusCode}: ${response.body}`);
  return response.json() as { data: (Record<string, unknown> & { id: number })[]; total: number };
}
