import { sql } from 'drizzle-orm';
import type { Announcement } from '../../../src/api/contracts/announcement.contract';
import { listen, openSocket, tokensFor, type ClientSocket } from '../cti/cti-helpers';
import { ANNOUNCEMENT_NAMESPACE } from '../../../src/api/realtime/socket-events';
import { buildTestApp, loginAs, post, type TestApp } from '../helpers/build-test-app';

/**
 * Announcements and the slogan (docs/announcements.md): the platform administrator writes to all or to
 * chosen companies, a manager the company's; readers get their company's and the platform's addressed to
 * them, pinned first, unread marked; nobody sees another company's; the socket event reaches the rooms
 * of the readers at once.
 */

const USERS = ['admin', 'manager', 'agent1', 'acme-manager', 'acme-agent'] as const;
type User = (typeof USERS)[number];

let t: TestApp;
let tokens: Record<string, string>;
let url: string;
let demoId: number;
let acmeId: number;

beforeAll(async () => {
  t = await buildTestApp();
  tokens = await tokensFor(t.app, [...USERS]);
  url = await listen(t.app);
  const companies = (await call('admin', '/announcement/companies')).json<{ data: { id: number; name: string }[] }>().data;
  demoId = companies.find((c) => c.name === 'Demo Call Centre')!.id;
  acmeId = companies.find((c) => c.name === 'Acme Support')!.id;
});
afterAll(async () => {
  await t?.close();
});

const call = (as: User, path: string, body: Record<string, unknown> = {}) => post(t.app, path, body, { token: tokens[as]! });

async function write(as: User, input: Record<string, unknown>): Promise<Announcement> {
  const response = await call(as, '/announcement/store', { content: 'Body', ...input });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ data: Announcement }>().data;
}

async function titles(as: User, body: Record<string, unknown> = {}): Promise<string[]> {
  const response = await call(as, '/announcement/list', { per_page: 100, ...body });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ data: Announcement[] }>().data.map((a) => a.title);
}

/** The next `announcement` event on the socket, or null after `ms`. */
function nextAnnouncement(socket: ClientSocket, ms = 1000): Promise<{ id: number; title: string } | null> {
  return new Promise((resolve) => {
    const timer = setTimeout(() => {
      socket.off('announcement', listener);
      resolve(null);
    }, ms);
    const listener = (payload: { id: number; title: string }) => {
      clearTimeout(timer);
      socket.off('announcement', listener);
      resolve(payload);
    };
    socket.on('announcement', listener);
  });
}

describe('writing', () => {
  it('the admin writes to all companies and to chosen ones; a manager writes the company’s', async () => {
    const all = await write('admin', { title: 'Maintenance Sunday', audience: 'all' });
    expect(all).toMatchObject({ audience: 'all', company_ids: [], platform: true, pinned: false });
    const chosen = await write('admin', { title: 'Acme billing', audience: 'companies', company_ids: [acmeId] });
    expect(chosen).toMatchObject({ audience: 'companies', company_ids: [acmeId], platform: true });
    const own = await write('manager', { title: 'Demo team lunch' });
    expect(own).toMatchObject({ audience: 'company', platform: false, read: false });
  });

  it('refuses what a writer may not address, with the reason under the field', async () => {
    const managerToAll = await call('manager', '/announcement/store', { title: 'x', content: 'y', audience: 'all' });
    expect(managerToAll.statusCode).toBe(422);
    expect(managerToAll.json().errors.audience).toEqual(['A company\'s announcement is for its own company only.']);
    const adminToNone = await call('admin', '/announcement/store', { title: 'x', content: 'y', audience: 'companies', company_ids: [] });
    expect(adminToNone.statusCode).toBe(422);
    expect(adminToNone.json().errors.company_ids).toBeDefined();
    const adminToMissing = await call('admin', '/announcement/store', { title: 'x', content: 'y', audience: 'companies', company_ids: [999999] });
    expect(adminToMissing.json().errors.company_ids).toBeDefined();
    const blank = await call('manager', '/announcement/store', { title: ' ', content: '' });
    expect(blank.statusCode).toBe(422);
    expect(Object.keys(blank.json().errors).sort()).toEqual(['content', 'title']);
  });

  it('odd input is a 422 naming the field, never a 500', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ published_at: '0000-01-01T00:00:00Z' }, 'published_at'],
      [{ published_at: '9999-12-31T23:59:59-12:00' }, 'published_at'],
      [{ published_at: 'tomorrow' }, 'published_at'],
      [{ audience: 'everyone' }, 'audience'],
      [{ audience: 'companies', company_ids: ['x'] }, 'company_ids.0'],
      [{ audience: 'companies', company_ids: [2147483648] }, 'company_ids.0'],
      [{ title: 'x'.repeat(201) }, 'title'],
      [{ pinned: 'yes' }, 'pinned'],
    ];
    for (const [input, field] of cases) {
      const response = await call('admin', '/announcement/store', { title: 't', content: 'c', audience: 'all', ...input });
      expect(response.statusCode, JSON.stringify(input)).toBe(422);
      expect(Object.keys(response.json().errors), JSON.stringify(input)).toContain(field);
    }
    const search = await call('agent1', '/announcement/list', { search: '50%_\\' });
    expect(search.statusCode).toBe(200);
    expect((await call('agent1', '/announcement/list', { sort_by: 'content' })).statusCode).toBe(422);
  });

  it('an agent cannot write (403); without a token 401', async () => {
    expect((await call('agent1', '/announcement/store', { title: 'x', content: 'y' })).statusCode).toBe(403);
    expect((await call('agent1', '/announcement/delete/1')).statusCode).toBe(403);
    expect((await post(t.app, '/announcement/list', {})).statusCode).toBe(401);
    expect((await call('agent1', '/announcement/companies')).statusCode).toBe(403);
  });
});

describe('reading', () => {
  it("the demo company's agent reads its company's and the platform's addressed to it; acme's do not leak", async () => {
    const acmeOwn = await write('acme-manager', { title: 'Acme only secret' });
    const demo = await titles('agent1');
    expect(demo).toEqual(expect.arrayContaining(['Maintenance Sunday', 'Demo team lunch']));
    expect(demo).not.toContain('Acme billing');
    expect(demo).not.toContain('Acme only secret');
    const acme = await titles('acme-agent');
    expect(acme).toEqual(expect.arrayContaining(['Maintenance Sunday', 'Acme billing', 'Acme only secret']));
    expect(acme).not.toContain('Demo team lunch');
    // Another company's is a 404 to view, edit or delete, never a 403 that says it exists.
    expect((await call('agent1', '/announcement/view', { id: acmeOwn.id })).statusCode).toBe(404);
    expect((await call('manager', '/announcement/view', { id: acmeOwn.id })).statusCode).toBe(404);
    expect((await call('manager', '/announcement/update', { id: acmeOwn.id, title: 'hacked', content: 'x' })).statusCode).toBe(404);
    expect((await call('manager', `/announcement/delete/${acmeOwn.id}`)).statusCode).toBe(404);
    expect((await call('acme-agent', '/announcement/view', { id: acmeOwn.id })).statusCode).toBe(200);
  });

  it('the admin reads the platform’s only; a manager reads the platform’s but cannot change them (403)', async () => {
    const admin = await titles('admin');
    expect(admin).toEqual(expect.arrayContaining(['Maintenance Sunday', 'Acme billing']));
    expect(admin).not.toContain('Demo team lunch');
    const platform = (await call('manager', '/announcement/list', { per_page: 100, search: 'Maintenance' })).json<{ data: Announcement[] }>().data[0]!;
    expect((await call('manager', '/announcement/update', { id: platform.id, title: 'changed', content: 'x' })).statusCode).toBe(403);
    expect((await call('manager', `/announcement/delete/${platform.id}`)).statusCode).toBe(403);
    // The admin cannot edit a company's own either: it is not a platform one.
    const own = (await call('manager', '/announcement/list', { search: 'Demo team' })).json<{ data: Announcement[] }>().data[0]!;
    expect((await call('admin', '/announcement/view', { id: own.id })).statusCode).toBe(404);
  });

  it('pinned first, then newest first; search reads title and content', async () => {
    await write('manager', { title: 'Older pinned', pinned: true, published_at: '2026-01-01T09:00:00+09:00' });
    await write('manager', { title: 'Newest plain' });
    const list = await titles('agent1');
    expect(list[0]).toBe('Older pinned');
    expect(list.indexOf('Newest plain')).toBeLessThan(list.indexOf('Demo team lunch'));
    await write('manager', { title: 'Parking', content: 'The garage closes at 22:00' });
    expect(await titles('agent1', { search: 'garage' })).toEqual(['Parking']);
  });

  it('a scheduled one is the manager’s to see until its time; agents see it from then', async () => {
    const later = await write('manager', { title: 'Next year party', published_at: '2099-01-01T09:00:00+09:00' });
    expect(await titles('manager')).toContain('Next year party');
    expect(await titles('agent1')).not.toContain('Next year party');
    expect((await call('agent1', '/announcement/view', { id: later.id })).statusCode).toBe(404);
  });

  it('read marks are per user: viewing marks it read for the viewer alone; the unread count follows', async () => {
    const created = await write('manager', { title: 'Read me' });
    const before = (await call('agent1', '/announcement/unread')).json<{ unread: number }>().unread;
    expect(before).toBeGreaterThan(0);
    const read = await call('agent1', `/announcement/read/${created.id}`);
    expect(read.statusCode, read.body).toBe(200);
    expect(read.json<{ data: Announcement }>().data.read).toBe(true);
    expect((await call('agent1', `/announcement/read/${created.id}`)).statusCode).toBe(200);
    expect((await call('agent1', '/announcement/unread')).json<{ unread: number }>().unread).toBe(before - 1);
    const agentView = (await call('agent1', '/announcement/view', { id: created.id })).json<{ data: Announcement }>().data;
    const managerView = (await call('manager', '/announcement/view', { id: created.id })).json<{ data: Announcement }>().data;
    expect([agentView.read, managerView.read]).toEqual([true, false]);
    // Another company's cannot be marked (404).
    expect((await call('acme-agent', `/announcement/read/${created.id}`)).statusCode).toBe(404);
  });

  it('a manager edits and deletes the company’s own', async () => {
    const created = await write('manager', { title: 'Typo tittle' });
    const updated = await call('manager', '/announcement/update', { id: created.id, title: 'Fixed title', content: 'Line 1\nLine 2', pinned: true });
    expect(updated.statusCode, updated.body).toBe(200);
    expect(updated.json<{ data: Announcement }>().data).toMatchObject({ title: 'Fixed title', content: 'Line 1\nLine 2', pinned: true });
    expect((await call('manager', `/announcement/delete/${created.id}`)).statusCode).toBe(200);
    expect((await call('manager', '/announcement/view', { id: created.id })).statusCode).toBe(404);
  });
});

describe('the push', () => {
  it('an announcement reaches the signed-in users of the companies it is for, at once, and no one else', async () => {
    const [agent, acme, admin] = await Promise.all([openSocket(url, tokens.agent1!), openSocket(url, tokens['acme-agent']!), openSocket(url, tokens.admin!)]);
    try {
      // The company's own: the company's room only.
      let agentGets = nextAnnouncement(agent);
      let acmeGets = nextAnnouncement(acme, 400);
      const own = await write('manager', { title: 'Fire drill at 3' });
      expect(await agentGets).toEqual({ id: own.id, title: 'Fire drill at 3' });
      expect(await acmeGets).toBeNull();

      // The platform's to chosen companies: theirs only.
      agentGets = nextAnnouncement(agent, 400);
      acmeGets = nextAnnouncement(acme);
      const chosen = await write('admin', { title: 'Acme contract renewal', audience: 'companies', company_ids: [acmeId] });
      expect(await acmeGets).toEqual({ id: chosen.id, title: 'Acme contract renewal' });
      expect(await agentGets).toBeNull();

      // To all: everyone of a company; the admin, who wrote it, is not told.
      agentGets = nextAnnouncement(agent);
      acmeGets = nextAnnouncement(acme);
      const adminGets = nextAnnouncement(admin, 400);
      const all = await write('admin', { title: 'New release', audience: 'all', company_ids: [demoId] });
      expect(await agentGets).toEqual({ id: all.id, title: 'New release' });
      expect(await acmeGets).toEqual({ id: all.id, title: 'New release' });
      expect(await adminGets).toBeNull();

      // A scheduled one is not told now; it is when its time comes (the sweep), once.
      agentGets = nextAnnouncement(agent, 400);
      const scheduled = await write('manager', { title: 'Tomorrow', published_at: new Date(Date.now() + 60_000).toISOString() });
      expect(await agentGets).toBeNull();
      await t.db.execute(sql`update announcements set published_at = now() - interval '1 second' where id = ${scheduled.id}`);
      agentGets = nextAnnouncement(agent);
      await t.app.announcements.publishDue();
      expect(await agentGets).toEqual({ id: scheduled.id, title: 'Tomorrow' });
      agentGets = nextAnnouncement(agent, 300);
      await t.app.announcements.publishDue();
      expect(await agentGets).toBeNull();
    } finally {
      for (const socket of [agent, acme, admin]) socket.close();
    }
  });
});

describe('the announcement node', () => {
  it('the built-in node’s namespace carries the company’s announcements and slogan; it needs a token, and a logout closes it', async () => {
    const namespace = `${url}${ANNOUNCEMENT_NAMESPACE}`;
    await expect(openSocket(namespace, 'not-a-token')).rejects.toThrow();
    const session = await loginAs(t.app, 'agent1');
    const [agent, acme] = await Promise.all([openSocket(namespace, session.access_token), openSocket(namespace, tokens['acme-agent']!)]);
    try {
      const agentGets = nextAnnouncement(agent);
      const acmeGets = nextAnnouncement(acme, 400);
      const own = await write('manager', { title: 'Node drill' });
      expect(await agentGets).toEqual({ id: own.id, title: 'Node drill' });
      expect(await acmeGets).toBeNull();
      const slogan = new Promise((resolve) => agent.once('slogan', resolve));
      expect((await call('manager', '/slogan/update', { slogan: 'Through the node' })).statusCode).toBe(200);
      expect(await slogan).toEqual({ slogan: 'Through the node' });
      expect((await call('manager', '/slogan/update', { slogan: '' })).statusCode).toBe(200);

      const closed = new Promise((resolve) => agent.once('disconnect', resolve));
      expect((await post(t.app, '/logout', undefined, { token: session.access_token })).statusCode).toBeLessThan(300);
      await closed;
    } finally {
      for (const socket of [agent, acme]) socket.close();
    }
  });
});

describe('slogan', () => {
  it('a manager sets it (at most 100 characters); the company’s users read it and are told; other companies are not', async () => {
    expect((await call('agent1', '/slogan')).json()).toEqual({ data: { slogan: null } });
    const [agent, acme] = await Promise.all([openSocket(url, tokens.agent1!), openSocket(url, tokens['acme-agent']!)]);
    try {
      const told = new Promise((resolve) => agent.once('slogan', resolve));
      let acmeTold = false;
      acme.once('slogan', () => {
        acmeTold = true;
      });
      const saved = await call('manager', '/slogan/update', { slogan: '  Every call matters  ' });
      expect(saved.statusCode, saved.body).toBe(200);
      expect(saved.json()).toEqual({ data: { slogan: 'Every call matters' } });
      expect(await told).toEqual({ slogan: 'Every call matters' });
      expect((await call('agent1', '/slogan')).json()).toEqual({ data: { slogan: 'Every call matters' } });
      expect((await call('acme-agent', '/slogan')).json()).toEqual({ data: { slogan: null } });
      expect(acmeTold).toBe(false);
    } finally {
      agent.close();
      acme.close();
    }
    const long = await call('manager', '/slogan/update', { slogan: 'x'.repeat(101) });
    expect(long.statusCode).toBe(422);
    expect(long.json().errors.slogan).toEqual(['The slogan can be at most 100 characters.']);
    expect((await call('agent1', '/slogan/update', { slogan: 'mine' })).statusCode).toBe(403);
    expect((await call('admin', '/slogan')).statusCode).toBe(403);
    expect((await call('manager', '/slogan/update', { slogan: '' })).json()).toEqual({ data: { slogan: null } });
  });
});
