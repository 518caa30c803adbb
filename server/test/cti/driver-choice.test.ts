import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { companies } from '../../src/db/schema';
import { createOriginPolicy } from '../../src/realtime/origin-policy';
import { chooseDriver, isBuiltInCtiServer } from '../../src/services/telephony/driver-choice';
import { buildTestApp, type TestApp } from '../helpers/build-test-app';
import { cti, tokensFor } from './cti-helpers';

const config = { port: 8080, publicOrigin: 'https://cc.example.com', telephonyDriver: 'auto' as const, allowedOrigins: ['http://localhost:5173'] };

describe('which driver a company gets', () => {
  it.each([
    ['/cti', true],
    ['/cti/', true],
    ['http://localhost:8080/cti', true],
    ['http://127.0.0.1:8080/cti', true],
    ['https://cc.example.com/cti', true],
    ['http://localhost:9090/cti', false],
    ['https://cti.other.example', false],
    ['/other', false],
    ['not a url', false],
  ])('%s is built-in: %s', (ctiServer, builtIn) => {
    expect(isBuiltInCtiServer(ctiServer, config)).toBe(builtIn);
  });

  it('simulator for the built-in server, legacy-http otherwise, simulator for all when forced', () => {
    expect(chooseDriver('/cti', config)).toEqual({ driver: 'simulator' });
    expect(chooseDriver('https://cti.other.example', config)).toEqual({ driver: 'legacy-http', ctiServer: 'https://cti.other.example' });
    expect(chooseDriver('https://cti.other.example', { ...config, telephonyDriver: 'simulator' })).toEqual({ driver: 'simulator' });
  });
});

describe('socket Origin policy', () => {
  const allowed = createOriginPolicy(config);
  const request = (origin: string | undefined, host = '10.0.0.5:8080') => ({ headers: { host, ...(origin ? { origin } : {}) } });
  it.each([
    [undefined, true],
    ['http://localhost:8080', true],
    ['http://127.0.0.1:8080', true],
    ['https://cc.example.com', true],
    ['http://localhost:5173', true],
    ['http://10.0.0.5:8080', true],
    ['http://evil.example', false],
    ['http://localhost:8081', false],
    ['null', false],
  ])('Origin %s → %s', (origin, expected) => {
    expect(allowed(request(origin))).toBe(expected);
  });
});

describe('a company on an existing CTI server (legacy-http)', () => {
  let t: TestApp;
  let legacy: Server;
  const seen: string[] = [];

  beforeAll(async () => {
    // A stand-in for the old PHP server: records what it is asked and answers like it.
    legacy = createServer((request: IncomingMessage, response) => {
      seen.push(`${request.method} ${request.url}`);
      response.setHeader('content-type', 'application/json');
      response.end(JSON.stringify(request.url?.includes('/load') ? { status: 11, exten_status: 51 } : { result: 'success' }));
    });
    await new Promise<void>((resolve) => legacy.listen(0, '127.0.0.1', resolve));
    const { port } = legacy.address() as AddressInfo;
    t = await buildTestApp();
    await t.db.update(companies).set({ ctiServer: `http://127.0.0.1:${port}` }).where(eq(companies.name, 'Acme Support'));
  });
  afterAll(async () => {
    await t?.close();
    await new Promise((resolve) => legacy.close(resolve));
  });

  it('forwards commands to it and has no simulator', async () => {
    const tokens = await tokensFor(t.app, ['acme-agent', 'acme-manager']);
    const load = await cti(t.app, '/cti_api/index.php/load', { token: tokens['acme-agent'] });
    expect(load.json()).toEqual({ status: 11, exten_status: 51 });
    expect(seen).toContain('POST /v1/users/save-extensions');
    expect(seen).toContain('GET /cti_api/index.php/load?extension=2001');
    const state = await cti(t.app, '/simulator/state', { token: tokens['acme-manager'] });
    expect(state.statusCode).toBe(404);
    expect(state.json()).toEqual({ error: true, message: 'This works only with the built-in telephony server.' });
    const hold = await cti(t.app, '/cti_api/index.php/hold', { token: tokens['acme-agent'] });
    expect(hold.statusCode).toBe(501);
  });
});
