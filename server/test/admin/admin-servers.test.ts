import http from 'node:http';
import net from 'node:net';
import type { AddressInfo } from 'node:net';
import { buildTestApp, type TestApp } from '../helpers/build-test-app';
import { dataOf, signedInCaller, type Caller, type DemoUser } from '../resources/resource-test-helpers';

/**
 * The platform's servers (issue 20 item 4, docs/servers.md): admin-server, admin-database and admin-node
 * over the platform's own tables, their live health checks (loopback targets only) and the CTI server
 * choices; admin only.
 */

let t: TestApp;
let call: Caller;
beforeAll(async () => {
  t = await buildTestApp();
  call = await signedInCaller(t.app);
});
afterAll(async () => {
  await t?.close();
});

type Health = { status: 'up' | 'down'; latency_ms: number; checked_at: string; error?: string };
type Row = Record<string, unknown> & { id: number; name: string };

const created: { path: string; id: number }[] = [];
afterEach(async () => {
  for (const { path, id } of created.splice(0).reverse()) await call('admin', `/${path}/delete/${id}`);
});

async function store(path: string, body: Record<string, unknown>): Promise<Row> {
  const response = await call('admin', `/${path}/store`, body);
  expect(response.statusCode, response.body).toBe(200);
  const row = dataOf<Row>(response);
  created.push({ path, id: row.id });
  return row;
}

async function health(path: string, id: number): Promise<Health> {
  const response = await call('admin', `/${path}/health`, { id });
  expect(response.statusCode, response.body).toBe(200);
  return dataOf<Health>(response);
}

async function listen(server: net.Server | http.Server): Promise<number> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return (server.address() as AddressInfo).port;
}
const close = (server: net.Server | http.Server) => new Promise<void>((resolve) => server.close(() => resolve()));

/** A loopback port nothing listens on (one was bound, then released). */
async function closedPort(): Promise<number> {
  const server = net.createServer();
  const port = await listen(server);
  await close(server);
  return port;
}

describe('platform servers', () => {
  it('seeds the built-in CTI server, database and socket node, each up', async () => {
    for (const [path, name] of [
      ['admin-server', 'Built-in CTI'],
      ['admin-database', 'App database'],
      ['admin-node', 'App socket node'],
    ] as const) {
      const page = (await call('admin', `/${path}/list`, {})).json<{ data: Row[]; total: number }>();
      const row = page.data.find((r) => r.name === name);
      expect(row, `${path} ${name}`).toBeDefined();
      expect(row!.kind).toBe('builtin');
      const result = await health(path, row!.id);
      expect(result, path).toMatchObject({ status: 'up' });
      expect(result.latency_ms).toBeGreaterThanOrEqual(0);
      expect(Date.parse(result.checked_at)).toBeGreaterThan(Date.now() - 60_000);
    }
  });

  it('stores, lists, views, updates and deletes each kind; names are required and unique regardless of case', async () => {
    const cti = await store('admin-server', { name: 'Seoul PBX', kind: 'legacy_http', host: '127.0.0.1', port: 8088, base_path: '/' });
    expect(cti).toMatchObject({ name: 'Seoul PBX', kind: 'legacy_http', scheme: 'http', host: '127.0.0.1', port: 8088, base_path: '/' });
    const duplicate = await call('admin', '/admin-server/store', { name: 'seoul pbx', kind: 'asterisk' });
    expect(duplicate.statusCode).toBe(422);
    expect(duplicate.json().errors.name).toEqual([expect.any(String)]);
    const missing = await call('admin', '/admin-database/store', { host: '127.0.0.1' });
    expect(missing.statusCode).toBe(422);
    expect(Object.keys(missing.json().errors).sort()).toEqual(['kind', 'name']);
    const badPort = await call('admin', '/admin-node/store', { name: 'n', kind: 'socket_io', port: 70_000 });
    expect(badPort.statusCode).toBe(422);
    expect(badPort.json().errors.port).toBeDefined();

    const database = await store('admin-database', { name: 'Reports DB', kind: 'postgresql', host: '127.0.0.1', port: 5432, database: 'reports', username: 'reader' });
    const node = await store('admin-node', { name: 'Node A', kind: 'socket_io', domain: 'node-a.example', host: '127.0.0.1', port: 6001, namespace: '/announcement' });

    const found = (await call('admin', '/admin-database/list', { search: 'reports' })).json<{ data: Row[] }>().data;
    expect(found.map((r) => r.name)).toEqual(['Reports DB']);
    const view = await call('admin', '/admin-node/view', { id: node.id });
    expect(dataOf<Row>(view)).toMatchObject({ domain: 'node-a.example', namespace: '/announcement', port: 6001 });
    const updated = await call('admin', '/admin-database/update', { id: database.id, name: 'Reports', kind: 'postgresql', host: '127.0.0.1', port: 5433, database: 'reports', username: '' });
    expect(updated.statusCode, updated.body).toBe(200);
    expect(dataOf<Row>(updated)).toMatchObject({ name: 'Reports', port: 5433, username: '' });
    const kinds = (await call('admin', '/admin-server/list', { kind: 'legacy_http' })).json<{ data: Row[] }>().data;
    expect(kinds.map((r) => r.name)).toEqual(['Seoul PBX']);

    const removed = await call('admin', `/admin-node/delete/${node.id}`);
    expect(removed.statusCode).toBe(200);
    created.splice(created.findIndex((c) => c.id === node.id && c.path === 'admin-node'), 1);
    expect((await call('admin', '/admin-node/view', { id: node.id })).statusCode).toBe(404);
    expect((await call('admin', '/admin-node/health', { id: node.id })).statusCode).toBe(404);
  });

  it('probes a CTI server over HTTP now: up when dbCon answers, down on a 5xx or a closed port', async () => {
    let answer = 200;
    const paths: string[] = [];
    const server = http.createServer((request, response) => {
      paths.push(request.url ?? '');
      response.writeHead(answer, { 'content-type': 'application/json' }).end('{"status":"success"}');
    });
    const port = await listen(server);
    try {
      const cti = await store('admin-server', { name: 'Local legacy', kind: 'legacy_http', host: '127.0.0.1', port, base_path: '/pbx' });
      expect(await health('admin-server', cti.id)).toMatchObject({ status: 'up' });
      expect(paths).toEqual(['/pbx/cti_api/index.php/dbCon']);
      answer = 503;
      expect(await health('admin-server', cti.id)).toMatchObject({ status: 'down', error: 'HTTP 503' });
    } finally {
      await close(server);
    }
    const gone = await store('admin-server', { name: 'Gone', kind: 'asterisk', host: '127.0.0.1', port: await closedPort(), base_path: '' });
    const result = await health('admin-server', gone.id);
    expect(result.status).toBe('down');
    expect(result.error).toBeTruthy();
  });

  it('probes nodes and databases by TCP connect: up while something listens, down after', async () => {
    const sockets = new Set<net.Socket>();
    const server = net.createServer((socket) => {
      sockets.add(socket);
      socket.on('close', () => sockets.delete(socket));
    });
    const port = await listen(server);
    const node = await store('admin-node', { name: 'Loopback node', kind: 'socket_io', domain: '127.0.0.1', port, namespace: '/' });
    const database = await store('admin-database', { name: 'Loopback DB', kind: 'postgresql', host: '127.0.0.1', port, database: 'x' });
    expect(await health('admin-node', node.id)).toMatchObject({ status: 'up' });
    expect(await health('admin-database', database.id)).toMatchObject({ status: 'up' });
    for (const socket of sockets) socket.destroy();
    await close(server);
    expect(await health('admin-node', node.id)).toMatchObject({ status: 'down' });
    expect(await health('admin-database', database.id)).toMatchObject({ status: 'down' });
  });

  it('a PostgreSQL server with a user answers a real select 1; a wrong database is down within the timeout', async () => {
    // Without DATABASE_URL no PostgreSQL server is known on loopback: the SQL probe meets a closed port.
    const url = process.env.DATABASE_URL ? new URL(process.env.DATABASE_URL) : null;
    if (url && ['127.0.0.1', 'localhost', '::1'].includes(url.hostname)) {
      const database = decodeURIComponent(url.pathname.slice(1));
      const row = await store('admin-database', { name: 'Configured PG', kind: 'postgresql', host: url.hostname, port: Number(url.port || 5432), database, username: decodeURIComponent(url.username) });
      expect(await health('admin-database', row.id)).toMatchObject({ status: 'up' });
      const wrong = await store('admin-database', { name: 'Missing DB', kind: 'postgresql', host: url.hostname, port: Number(url.port || 5432), database: 'no_such_database_here', username: 'nobody' });
      const result = await health('admin-database', wrong.id);
      expect(result.status).toBe('down');
      expect(result.latency_ms).toBeLessThan(2_500);
    } else {
      const row = await store('admin-database', { name: 'No PG', kind: 'postgresql', host: '127.0.0.1', port: await closedPort(), database: 'x', username: 'someone' });
      const result = await health('admin-database', row.id);
      expect(result.status).toBe('down');
      expect(result.latency_ms).toBeLessThan(2_500);
    }
  });

  it('answers the CTI servers as choices for the company form', async () => {
    await store('admin-server', { name: 'Busan PBX', kind: 'legacy_http', scheme: 'https', host: 'pbx.busan.example', port: 8443, base_path: '/api/' });
    const response = await call('admin', '/admin-server/choices');
    expect(response.statusCode, response.body).toBe(200);
    const choices = dataOf<{ id: number; name: string; url: string }[]>(response);
    expect(choices.map((c) => [c.name, c.url])).toEqual([
      ['Built-in CTI', '/cti'],
      ['Busan PBX', 'https://pbx.busan.example:8443/api'],
    ]);
  });

  it('is the platform administrator’s alone: 401 without a session, 403 for every company user', async () => {
    const [row] = (await call('admin', '/admin-server/list', {})).json<{ data: Row[] }>().data;
    const routes: [string, Record<string, unknown>][] = [];
    for (const path of ['admin-server', 'admin-database', 'admin-node']) {
      routes.push([`/${path}/list`, {}], [`/${path}/view`, { id: row!.id }], [`/${path}/store`, { name: 'x', kind: 'builtin' }]);
      routes.push([`/${path}/update`, { id: row!.id, name: 'x', kind: 'builtin' }], [`/${path}/delete/${row!.id}`, {}], [`/${path}/health`, { id: row!.id }]);
    }
    routes.push(['/admin-server/choices', {}], ['/admin/daily-report/send', { company_id: 1 }]);
    for (const [path, body] of routes) {
      const anonymous = await t.app.inject({ method: 'POST', url: `/api/v1${path}`, payload: body });
      expect(anonymous.statusCode, `anonymous ${path}`).toBe(401);
      for (const who of ['manager', 'agent1', 'user', 'acme-manager'] as DemoUser[]) {
        expect((await call(who, path, body)).statusCode, `${who} ${path}`).toBe(403);
      }
    }
    // Nothing changed: the built-in CTI server is still there and still named so.
    expect(dataOf<Row>(await call('admin', '/admin-server/view', { id: row!.id })).name).toBe(row!.name);
  });

  it('describes every route in OpenAPI', async () => {
    const document = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json<{ paths: Record<string, unknown> }>();
    for (const path of ['admin-server', 'admin-database', 'admin-node']) {
      for (const route of ['list', 'view', 'store', 'update', 'delete/{id}', 'health']) expect(document.paths[`/api/v1/${path}/${route}`], `${path}/${route}`).toBeDefined();
    }
    expect(document.paths['/api/v1/admin-server/choices']).toBeDefined();
    expect(document.paths['/api/v1/admin/daily-report/send']).toBeDefined();
  });
});
