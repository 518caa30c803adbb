import { buildTestApp, type TestApp } from '../helpers/build-test-app';
import { cti, tokensFor } from './cti-helpers';

/** `/cti/simulator/*` (CONTRACT §7, built-in PBX only): who may drive it, and what it answers. */

let t: TestApp;
let tokens: Record<string, string>;
beforeAll(async () => {
  t = await buildTestApp();
  tokens = await tokensFor(t.app, ['admin', 'manager', 'agent1', 'acme-manager']);
  // agent1 signs in (own load), so calls to 1001 ring.
  expect((await cti(t.app, '/cti_api/index.php/load', { token: tokens.agent1 })).json()).toEqual({ status: 0, exten_status: 51 });
});
afterAll(async () => {
  await t?.close();
});

const place = (username: string | null, body: Record<string, unknown>) =>
  cti(t.app, '/simulator/calls', { method: 'POST', body, ...(username ? { token: tokens[username] } : {}) });
const state = (username: string, companyId?: number) =>
  cti(t.app, '/simulator/state', { token: tokens[username], query: companyId ? { company_id: String(companyId) } : {} });
const hangup = (username: string, uniqueid: string, body: Record<string, unknown> = {}) =>
  cti(t.app, `/simulator/calls/${uniqueid}/hangup`, { method: 'POST', token: tokens[username], body });

describe('POST /cti/simulator/calls', () => {
  it('a manager places a call into their company and gets its uniqueid; the far side hangs up', async () => {
    const response = await place('manager', { from: '01055550001', to: '1001' });
    expect(response.statusCode).toBe(200);
    const { uniqueid } = response.json();
    expect(uniqueid).toMatch(/^\d+\.\d+$/);
    const snapshot = (await state('manager')).json();
    expect(snapshot.calls).toEqual([expect.objectContaining({ uniqueid, state: 'ringing', ringing: ['1001'] })]);
    expect((await hangup('manager', uniqueid)).json()).toEqual({ result: 'success' });
    expect((await state('manager')).json().calls).toEqual([]);
  });

  it('the administrator names the company with company_id (required)', async () => {
    const missing = await place('admin', { from: '01055550001', to: '1001' });
    expect(missing.statusCode).toBe(422);
    expect(missing.json().errors).toEqual({ company_id: ['Please choose a company.'] });
    const placed = await place('admin', { from: '01055550001', to: '1001', company_id: 1 });
    expect(placed.statusCode).toBe(200);
    expect((await hangup('admin', placed.json().uniqueid, { company_id: 1 })).statusCode).toBe(200);
    expect((await state('admin', 1)).statusCode).toBe(200);
    expect((await place('admin', { from: '01055550001', to: '1001', company_id: 999 })).statusCode).toBe(404);
  });

  it("another company's id answers 404 to a manager", async () => {
    expect((await place('acme-manager', { from: '01055550001', to: '1001', company_id: 1 })).statusCode).toBe(404);
    expect((await state('acme-manager', 1)).statusCode).toBe(404);
  });

  it('refuses agents (403) and callers without a token (401)', async () => {
    expect((await place('agent1', { from: '01055550001', to: '1001' })).statusCode).toBe(403);
    expect((await state('agent1')).statusCode).toBe(403);
    expect((await place(null, { from: '01055550001', to: '1001' })).statusCode).toBe(401);
  });

  it('treats caller ID as untrusted: letters, quotes, line breaks are refused', async () => {
    for (const from of ['"Evil" <0101234>', '0101234\r\nAction: Originate', 'abc', '']) {
      const response = await place('manager', { from, to: '1001' });
      expect(response.statusCode, from).toBe(422);
      expect(Object.keys(response.json().errors)).toEqual(['from']);
    }
  });

  it('an unknown destination answers 404; one nobody can take answers 409', async () => {
    expect((await place('manager', { from: '01055550001', to: '7777' })).statusCode).toBe(404);
    const loggedOut = await place('manager', { from: '01055550001', to: '1003' });
    expect(loggedOut.statusCode).toBe(409);
    expect(loggedOut.json()).toEqual({ error: true, message: 'CTI is not logged in.' });
  });

  it('hanging up an unknown call answers 409', async () => {
    expect((await hangup('manager', '1.999999')).statusCode).toBe(409);
  });

  it("the companies' PBXs are apart: Acme's state has only Acme's extensions", async () => {
    const acme = (await state('acme-manager')).json();
    expect(acme.extensions.map((e: { number: string }) => e.number)).toEqual(['2000', '2001']);
    const demo = (await state('manager')).json();
    expect(demo.extensions.map((e: { number: string }) => e.number)).toEqual(['1000', '1001', '1002', '1003']);
    expect(demo.groups).toEqual([expect.objectContaining({ number: '500', kind: 'queue', members: ['1001', '1002'] })]);
  });
});
