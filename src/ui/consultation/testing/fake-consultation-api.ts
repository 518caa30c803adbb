import type { Consultation } from '../../../api/contracts/consultation.contract';
import type { ConsultationSettings } from '../../../api/contracts/consultation-settings.contract';
import { defaultCustomTableColumns, CUSTOM_TABLE_KEYS, type CustomTableSettings } from '../../../api/contracts/custom-table.contract';

/** Demo-like consultation settings and records (server/src/db/demo-data.ts), for a fake of `http.post`. */
export const CONSULTATION_SETTINGS: ConsultationSettings = {
  inquiries: ['일반 문의', '불만'],
  departments: ['고객지원팀'],
  big_categories: [
    { name: '배송', small_categories: ['지연', '파손'] },
    { name: '상품', small_categories: ['가격'] },
  ],
  custom_fields: [{ name: 'visit_date', field_type: 'date' }],
  agents: [
    { id: 4, name: '이민호' },
    { id: 5, name: '박서준' },
  ],
};

const stamp = { created_at: '2025-03-01T01:00:00.000Z', updated_at: '2025-03-01T01:00:00.000Z' };
export const CONSULTATIONS: Consultation[] = [
  {
    id: 1, member_id: 1, member_name: '김민준', agent_id: 4, agent_name: '이민호', call_uniqueid: '1.1', phone_number: '01055550001', is_mobile: true,
    direction: 'inbound', title: '배송 지연 문의', content: '이틀 지연', inquiry: '일반 문의', department: '고객지원팀', big_category: '배송',
    small_category: '지연', custom_fields: {}, treatment_result: 'complete', ...stamp,
  },
];

export const axiosError = (status: number, data: unknown) => ({ isAxiosError: true, message: `status ${status}`, response: { status, data } });

type Handler = (body: Record<string, unknown>) => unknown;

/** Answers `consultation/*` and `custom-table/*` calls; `overrides` replace single paths (e.g. to answer a 422). */
export function fakeConsultationApi(overrides: Record<string, Handler> = {}, customTables: CustomTableSettings[] = CUSTOM_TABLE_KEYS.map((table) => ({ table, columns: defaultCustomTableColumns(table), is_default: true, updated_at: null }))) {
  const calls: { path: string; body: Record<string, unknown> }[] = [];
  let nextId = 10;
  const page = (data: Consultation[]) => ({ data, current_page: 1, per_page: 10, total: data.length, last_page: 1 });
  const saved = (body: Record<string, unknown>, id: number): Consultation => ({
    ...CONSULTATIONS[0]!,
    id,
    member_id: (body.member_id as number | null | undefined) ?? null,
    call_uniqueid: (body.call_uniqueid as string | null | undefined) ?? null,
    title: String(body.title),
    big_category: String(body.big_category),
    small_category: (body.small_category as string) || null,
  });
  const handlers: Record<string, Handler> = {
    'consultation/get-settings': () => CONSULTATION_SETTINGS,
    'consultation/list': () => page(CONSULTATIONS),
    'consultation/view': (body) => {
      const found = CONSULTATIONS.find((c) => c.id === body.id);
      if (!found) throw axiosError(404, { error: true, message: 'The record was not found.' });
      return { data: found };
    },
    'consultation/store': (body) => ({ data: saved(body, nextId++) }),
    'consultation/update': (body) => ({ data: saved(body, Number(body.id)) }),
    'custom-table/list': () => ({ data: customTables }),
    ...overrides,
  };
  const post = async (path: string, body: unknown = {}) => {
    calls.push({ path, body: body as Record<string, unknown> });
    const handler = handlers[path];
    if (!handler) throw axiosError(404, { error: true, message: 'Not found' });
    return { data: await handler(body as Record<string, unknown>) };
  };
  const bodiesOf = (path: string) => calls.filter((c) => c.path === path).map((c) => c.body);
  return { post, calls, bodiesOf };
}
