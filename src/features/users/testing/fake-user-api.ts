import type { User } from '../../../api/contracts/user.contract';

/** Demo-like users (CONTRACT §6), answered by a fake of `http.post` for the users screens. */
const stamp = { created_at: '2025-03-01T01:00:00.000Z', updated_at: '2025-03-01T01:00:00.000Z' };
const base = { department_id: 1, email: null, mobile: null, landline: null, schedule_time_in: null, schedule_time_out: null, avatar: null, queue_report_status: false, ...stamp };
export const USERS: User[] = [
  { ...base, id: 2, name: '김지수', username: 'manager', role: 'manager', extension: '1000', status: 'active', permissions: [] },
  { ...base, id: 3, name: '이민호', username: 'agent1', role: 'agent', extension: '1001', status: 'active', permissions: ['dashboard', 'members', 'cti_transfer'] },
  { ...base, id: 4, name: '박서준', username: 'agent2', role: 'agent', extension: '1002', status: 'inactive', permissions: [] },
];

export const axiosError = (status: number, data: unknown) => ({ isAxiosError: true, message: `status ${status}`, response: { status, data } });

type Body = Record<string, unknown>;
type Handler = (body: Body) => unknown;

/** A multipart body as a plain object (the file as its File), so tests can read what was sent. */
export function formDataToObject(body: unknown): Record<string, unknown> {
  if (!(body instanceof FormData)) return body as Body;
  return Object.fromEntries(body.entries());
}

/** Answers `users/*` and `download-token` calls; `overrides` replace single paths (e.g. to answer a 422). */
export function fakeUserApi(overrides: Record<string, Handler> = {}) {
  const calls: { path: string; body: Body; multipart: boolean }[] = [];
  const page = (data: User[]) => ({ data, current_page: 1, per_page: 10, total: data.length, last_page: 1 });
  const byId = (body: Body) => USERS.find((u) => u.id === Number(body.id));
  const handlers: Record<string, Handler> = {
    'users/index': () => page(USERS),
    'users/store': (body) => ({ data: { ...USERS[1], ...body, id: 9, department_id: Number(body.department_id), extension: body.extension_id, permissions: [] } }),
    'users/update': (body) => ({ data: { ...byId(body), ...body, extension: body.extension_id } }),
    'users/update-avatar': (body) => ({ data: { ...byId(body), avatar: '/api/v1/users/avatar/new-key-0000000000' } }),
    'users/update-status': (body) => ({ data: { ...byId(body), status: body.status } }),
    'users/update-queue-report-status': (body) => ({ data: { ...byId(body), queue_report_status: body.queue_report_status } }),
    'users/reset-password': (body) => ({ result: 'success', temporary_password: body.password ? null : 'Tmp7pass9Word' }),
    'users/view-permission': (body) => {
      const user = byId(body);
      if (!user) throw axiosError(404, { error: true, message: 'No record found.' });
      return { data: { id: user.id, name: user.name, username: user.username, role: user.role, permissions: user.permissions } };
    },
    'users/update-permission': (body) => ({ data: { ...byId(body), permissions: body.permissions } }),
    'users/extensions': () => ({ data: USERS.map((u) => ({ user_id: u.id, name: u.name, username: u.username, role: u.role, status: u.status, extension: u.extension })) }),
    'users/save-extensions': () => ({ result: 'success' }),
    'download-token': () => ({ token: 'download-token-1', expires_in: 60 }),
    ...overrides,
  };
  const post = async (path: string, body: unknown = {}) => {
    calls.push({ path, body: formDataToObject(body), multipart: body instanceof FormData });
    const handler = handlers[path] ?? (/^users\/delete\/\d+$/.test(path) ? () => ({ result: 'success' }) : undefined);
    if (!handler) throw axiosError(404, { error: true, message: 'Not found' });
    return { data: await handler(formDataToObject(body)) };
  };
  const lastCall = (path: string) => [...calls].reverse().find((c) => c.path === path);
  return { post, calls, lastCall };
}
