import type { Member } from '../../../api/contracts/member.contract';
import type { MemberSettings } from '../../../api/contracts/member-settings.contract';

/** Demo-like members and settings (CONTRACT §6), answered by a fake of `http.post` for member screens. */
export const SETTINGS: MemberSettings = {
  groups: ['VIP', '일반'],
  levels: ['Gold', 'Silver'],
  custom_fields: [
    { name: 'birthday', field_type: 'date' },
    { name: 'city', field_type: 'text' },
  ],
};

const stamp = { created_at: '2025-03-01T01:00:00.000Z', updated_at: '2025-03-01T01:00:00.000Z' };
export const MEMBERS: Member[] = [
  { id: 1, name: '김민준', phone_number: '01055550001', company_name: '한빛상사', groups: ['VIP'], levels: ['Gold'], custom_fields: { city: '서울' }, is_mobile: true, ...stamp },
  { id: 4, name: '정예은', phone_number: '0221234567', company_name: null, groups: [], levels: ['Silver'], custom_fields: {}, is_mobile: false, ...stamp },
];

export const axiosError = (status: number, data: unknown) => ({ isAxiosError: true, message: `status ${status}`, response: { status, data } });

type Handler = (body: Record<string, unknown>) => unknown;

/** Answers `member/*` calls; `overrides` replace single paths (e.g. to answer a 422). */
export function fakeMemberApi(overrides: Record<string, Handler> = {}) {
  const calls: { path: string; body: Record<string, unknown> }[] = [];
  const page = (data: Member[]) => ({ data, current_page: 1, per_page: 10, total: data.length, last_page: 1 });
  const handlers: Record<string, Handler> = {
    'member/get-settings': () => SETTINGS,
    'member/list': () => page(MEMBERS),
    'member/view': (body) => ({ data: MEMBERS.find((m) => m.id === body.id) }),
    'member/store': (body) => ({ data: { ...MEMBERS[0], ...body, id: 9 } }),
    ...overrides,
  };
  const post = async (path: string, body: unknown = {}) => {
    calls.push({ path, body: body as Record<string, unknown> });
    const handler = handlers[path] ?? (path.startsWith('member/company/') ? () => page(MEMBERS.filter((m) => `member/company/${encodeURIComponent(m.company_name ?? '')}` === path)) : undefined);
    if (!handler) throw axiosError(404, { error: true, message: 'Not found' });
    return { data: await handler(body as Record<string, unknown>) };
  };
  return { post, calls };
}
