import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../src/app';
import { buildTestApp, post, type TestApp } from '../helpers/build-test-app';
import { cti, joinAndRegister, listen, openSocket, recordEvents, tokensFor, type ClientSocket } from '../cti/cti-helpers';

/**
 * Two app processes sharing Redis and one database (CONTRACT §2: REDIS_URL lets several processes serve
 * one call-centre). A holds the PBX lease; the agent's socket is on B. B forwards the agent's register to
 * A over Redis, A's PBX rings the agent, and the inbound_call reaches B's socket through the socket.io
 * Redis adapter. Runs only where Redis is (CI sets REDIS_URL=redis://127.0.0.1:6379).
 */
describe.skipIf(!process.env.REDIS_URL)('two app processes sharing Redis', () => {
  let a: TestApp;
  let b: FastifyInstance;
  let tokens: Record<string, string>;
  let socket: ClientSocket;

  beforeAll(async () => {
    // A prefix of its own, so parallel runs sharing this Redis never see each other's lease or rooms.
    const redis = { redisUrl: process.env.REDIS_URL ?? null, redisPrefix: `test-${randomBytes(6).toString('hex')}` };
    a = await buildTestApp({ config: redis });
    b = await buildApp({ config: a.config, database: a.database, webDistDir: '/nonexistent' });
    tokens = await tokensFor(a.app, ['manager', 'agent1']);
  });
  afterAll(async () => {
    socket?.close();
    await b?.close();
    await a?.close();
  });

  it('A owns the PBX, B follows', () => {
    expect(a.app.telephony.role).toBe('owner');
    expect(b.telephony.role).toBe('follower');
  });

  it('delivers an inbound call placed on A to the agent connected to B', async () => {
    const bUrl = await listen(b);
    socket = await openSocket(bUrl, tokens.agent1 ?? '');
    const events = recordEvents(socket);
    // B has no PBX of its own: this register travels to A over Redis, and A's answer comes back.
    expect(await joinAndRegister(socket, '1001')).toEqual({ extension: '1001', exten_status: 51, status: 0 });

    const placed = await cti(a.app, '/simulator/calls', { method: 'POST', token: tokens.manager, body: { from: '01055550001', to: '1001' } });
    expect(placed.statusCode, placed.body).toBe(200);
    const { uniqueid } = placed.json();
    expect(await events.waitFor('inbound_call', { uniqueid })).toMatchObject({ phone_no: '01055550001', ext_no: '1001', ring_gr: '' });

    // A CTI command sent to B is run by A's PBX, and its event comes back to B's socket.
    const answer = await cti(b, '/cti_api/index.php/answer', { token: tokens.agent1, query: { extension: '1001' } });
    expect(answer.statusCode, answer.body).toBe(200);
    await events.waitFor('call_state', { uniqueid, state: 'answered', extension: '1001' });

    // A phone joining on B mid-call (a reload) gets the call again: B asks A's PBX over Redis.
    const reloaded = await openSocket(bUrl, tokens.agent1 ?? '');
    const replayed = recordEvents(reloaded);
    reloaded.emit('join_extension_room', { extensionNumber: '1001' });
    expect(await replayed.waitFor('inbound_call', { uniqueid })).toMatchObject({ phone_no: '01055550001', ext_no: '1001' });
    await replayed.waitFor('call_state', { uniqueid, state: 'answered' });
    expect(await replayed.waitFor('live_calls')).toMatchObject({ extension: '1001', uniqueids: [uniqueid], age_ms: { [uniqueid]: expect.any(Number) } });
    reloaded.close();

    // Errors cross the process boundary with their status and message.
    const again = await cti(b, '/cti_api/index.php/answer', { token: tokens.agent1, query: { extension: '1001' } });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ error: true, message: 'There is no call to do that with.' });

    const hangup = await cti(b, `/simulator/calls/${uniqueid}/hangup`, { method: 'POST', token: tokens.manager });
    expect(hangup.statusCode).toBe(200);
    await events.waitFor('call_state', { uniqueid, state: 'hangup' });
  });

  it("a logout on A closes that login's silent socket on B within a second (issue 15)", async () => {
    const session = (await post(a.app, '/login', { username: 'agent2', password: 'agent1234' })).json();
    const silent = await openSocket(`http://127.0.0.1:${(b.server.address() as { port: number }).port}`, session.access_token);
    const closed = new Promise<string>((resolve) => silent.once('disconnect', resolve));
    expect((await post(a.app, '/logout', { refresh_token: session.refresh_token })).statusCode).toBe(200);
    const reason = await Promise.race([closed, new Promise<string>((resolve) => setTimeout(() => resolve('still open'), 1000))]);
    silent.close();
    expect(reason).toBe('io server disconnect');
  });

  it('B takes over the PBX when A closes (lease released)', async () => {
    await a.app.close();
    await vi.waitFor(() => expect(b.telephony.role).toBe('owner'), { timeout: 10_000, interval: 100 });
    const load = await cti(b, '/cti_api/index.php/load', { token: tokens.agent1 });
    expect(load.json()).toEqual({ status: 0, exten_status: 51 });
  });
});
