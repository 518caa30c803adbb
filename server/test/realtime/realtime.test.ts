import { buildTestApp, post, type TestApp } from '../helpers/build-test-app';
import {
  command,
  cti,
  joinAndRegister,
  listen,
  openSocket,
  recordEvents,
  settle,
  tokensFor,
  type ClientSocket,
} from '../cti/cti-helpers';

/**
 * socket.io on the app server (CONTRACT §8) against a listening app: handshake checks, rooms per company
 * and extension, and the PBX's events for calls driven through the CTI server and the simulator.
 */

let t: TestApp;
let url: string;
let tokens: Record<string, string>;
const sockets: ClientSocket[] = [];

beforeAll(async () => {
  t = await buildTestApp();
  url = await listen(t.app);
  tokens = await tokensFor(t.app, ['manager', 'agent1', 'agent2', 'acme-agent', 'acme-manager', 'admin']);
});
afterAll(async () => {
  for (const socket of sockets) socket.close();
  await t?.close();
});

async function socketFor(username: string, headers: Record<string, string> = {}) {
  const socket = await openSocket(url, tokens[username] ?? '', headers);
  sockets.push(socket);
  return socket;
}

const ALL_INBOUND_FIELDS = ['phone_no', 'ext_no', 'ring_gr', 'uniqueid', 'chanel', 'ivr_number', 'recordingfile', 'server'].sort();
const api = (action: string) => `/cti_api/index.php/${action}`;
const ctiAs = (username: string, path: string, query: Record<string, string> = {}) =>
  cti(t.app, path, { token: tokens[username], query });
const placeCall = async (from: string, to: string) => {
  const response = await cti(t.app, '/simulator/calls', { method: 'POST', token: tokens.manager, body: { from, to } });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().uniqueid as string;
};

describe('handshake', () => {
  it('refuses a foreign Origin at the handshake (403) and accepts the app’s own', async () => {
    const probe = (origin: string) => fetch(`${url}/socket.io/?EIO=4&transport=polling`, { headers: { origin } });
    expect((await probe('http://evil.example')).status).toBe(403);
    expect((await probe('http://127.0.0.1.evil.example')).status).toBe(403);
    expect((await probe(url)).status).toBe(200);
    expect((await probe(`http://localhost:${t.config.port}`)).status).toBe(200);
    await expect(openSocket(url, tokens.agent1 ?? '', { origin: 'http://evil.example' })).rejects.toThrow();
    const own = await socketFor('agent1', { origin: url });
    expect(own.connected).toBe(true);
  });

  it('refuses a bad or missing token', async () => {
    await expect(openSocket(url, 'not-a-token')).rejects.toThrow('Your session has ended');
    await expect(openSocket(url, '')).rejects.toThrow();
  });
});

describe('rooms', () => {
  it('an agent may join and register only their own extension', async () => {
    const socket = await socketFor('agent1');
    expect(await command(socket, 'join_extension_room', '1002')).toEqual({ error: true, message: 'You do not have permission to do this.' });
    expect(await command(socket, 'register', '1002')).toMatchObject({ error: true });
    expect(await command(socket, 'join_extension_room', 'x')).toMatchObject({ error: true });
    expect(await joinAndRegister(socket, '1001')).toEqual({ extension: '1001', exten_status: 51, status: 0 });
  });

  it("a manager may join any of the company's extensions, never another company's", async () => {
    const socket = await socketFor('manager');
    expect(await command(socket, 'join_extension_room', '1002')).toEqual({ result: 'success' });
    expect(await command(socket, 'join_extension_room', '2001')).toEqual({ error: true, message: 'That extension does not exist.' });
  });

  it('the administrator has no extension rooms', async () => {
    const socket = await socketFor('admin');
    expect(await command(socket, 'join_extension_room', '1001')).toMatchObject({ error: true });
  });

  it('a logged-out session loses its socket at the next command', async () => {
    const login = await post(t.app, '/login', { username: 'user', password: 'user1234' });
    const { access_token, refresh_token } = login.json();
    const socket = await openSocket(url, access_token);
    sockets.push(socket);
    expect(await command(socket, 'join_extension_room', '1003')).toEqual({ result: 'success' });
    await post(t.app, '/logout', { refresh_token }, { token: access_token });
    const closed = new Promise((resolve) => socket.once('disconnect', resolve));
    socket.emit('join_extension_room', { extensionNumber: '1003' });
    await expect(closed).resolves.toBe('io server disconnect');
  });
});

describe('a revoked login closes its silent sockets at once (issue 15)', () => {
  /** A socket of a fresh login of `user`, in its extension room, that sends nothing more. */
  const silentSocket = async () => {
    const session = (await post(t.app, '/login', { username: 'user', password: 'user1234' })).json();
    const socket = await openSocket(url, session.access_token);
    sockets.push(socket);
    expect(await command(socket, 'join_extension_room', '1003')).toEqual({ result: 'success' });
    const closedAt = new Promise<{ reason: string; at: number }>((resolve) =>
      socket.once('disconnect', (reason) => resolve({ reason, at: performance.now() })),
    );
    return { session, socket, closedAt };
  };
  const withinASecond = async (closedAt: Promise<{ reason: string; at: number }>, since: number) => {
    const closed = await Promise.race([closedAt, new Promise<null>((resolve) => setTimeout(() => resolve(null), 1000))]);
    expect(closed, 'the socket was still open a second later').not.toBeNull();
    expect(closed!.reason).toBe('io server disconnect');
    expect(closed!.at - since).toBeLessThan(1000);
  };

  it('logout', async () => {
    const { session, closedAt } = await silentSocket();
    const other = await silentSocket();
    const started = performance.now();
    expect((await post(t.app, '/logout', { refresh_token: session.refresh_token })).statusCode).toBe(200);
    await withinASecond(closedAt, started);
    // Another login of the same user keeps its socket.
    expect(other.socket.connected).toBe(true);
  });

  it('a replayed refresh token', async () => {
    const { session, closedAt } = await silentSocket();
    expect((await post(t.app, '/refresh-token', { refresh_token: session.refresh_token })).statusCode).toBe(200);
    const started = performance.now();
    expect((await post(t.app, '/refresh-token', { refresh_token: session.refresh_token })).statusCode).toBe(401);
    await withinASecond(closedAt, started);
  });

  it("a password change closes the user's other logins' sockets and keeps its own", async () => {
    const mine = await silentSocket();
    const other = await silentSocket();
    const started = performance.now();
    const changed = await post(
      t.app,
      '/my-account/change-password',
      { current_password: 'user1234', new_password: 'user1234', new_password_confirmation: 'user1234' },
      { token: mine.session.access_token },
    );
    expect(changed.statusCode, changed.body).toBe(200);
    await withinASecond(other.closedAt, started);
    expect(mine.socket.connected).toBe(true);
  });
});

describe('user changes', () => {
  const idOf = async (username: string) => {
    const page = (await post(t.app, '/users/index', { search: username }, { token: tokens.manager })).json().data as { id: number; username: string }[];
    return page.find((u) => u.username === username)!.id;
  };

  it('tells the changed user’s sockets, and nobody else’s, when a manager changes their permissions or queue report', async () => {
    const agent1 = recordEvents(await socketFor('agent1'));
    const agent2 = recordEvents(await socketFor('agent2'));
    const id = await idOf('agent1');
    const permissions = (await post(t.app, '/users/view-permission', { id }, { token: tokens.manager })).json().data.permissions as string[];
    const updated = await post(t.app, '/users/update-permission', { id, permissions: permissions.filter((p) => p !== 'members') }, { token: tokens.manager });
    expect(updated.statusCode, updated.body).toBe(200);
    await agent1.waitFor('user_updated');

    agent1.clear();
    await post(t.app, '/users/update-queue-report-status', { id, queue_report_status: true }, { token: tokens.manager });
    await agent1.waitFor('user_updated');
    await settle();
    expect(agent2.events.map((e) => e.name)).not.toContain('user_updated');
    await post(t.app, '/users/update-permission', { id, permissions }, { token: tokens.manager });
  });
});

describe('call events', () => {
  let agent1: ReturnType<typeof recordEvents>;
  let agent2: ReturnType<typeof recordEvents>;
  let acme: ReturnType<typeof recordEvents>;

  beforeAll(async () => {
    const [s1, s2, s3] = [await socketFor('agent1'), await socketFor('agent2'), await socketFor('acme-agent')];
    agent1 = recordEvents(s1);
    agent2 = recordEvents(s2);
    acme = recordEvents(s3);
    await joinAndRegister(s1, '1001');
    await joinAndRegister(s2, '1002');
    await joinAndRegister(s3, '2001');
  });
  beforeEach(() => {
    agent1.clear();
    agent2.clear();
    acme.clear();
  });

  it('inbound call → answer → blind transfer to 1002 → hangup', async () => {
    const uniqueid = await placeCall('01055550001', '1001');
    const inbound = await agent1.waitFor('inbound_call', { uniqueid });
    expect(Object.keys(inbound).sort()).toEqual(ALL_INBOUND_FIELDS);
    expect(inbound).toMatchObject({ phone_no: '01055550001', ext_no: '1001', ring_gr: '', uniqueid });
    expect(inbound.chanel).toMatch(/^SIP\/1001-/);
    await agent1.waitFor('call_state', { uniqueid, state: 'ringing', extension: '1001', number: '01055550001' });

    expect((await ctiAs('agent1', api('answer'))).statusCode).toBe(200);
    await agent1.waitFor('call_state', { uniqueid, state: 'answered', extension: '1001' });

    expect((await ctiAs('agent1', api('blindTransfer'), { number: '1002' })).statusCode).toBe(200);
    await agent1.waitFor('call_state', { uniqueid, state: 'transferred', extension: '1001' });
    const transferred = await agent2.waitFor('inbound_call', { uniqueid });
    expect(transferred).toMatchObject({ phone_no: '01055550001', ext_no: '1002' });

    expect((await ctiAs('agent2', api('answer'))).statusCode).toBe(200);
    await agent2.waitFor('call_state', { uniqueid, state: 'answered', extension: '1002' });
    expect((await ctiAs('agent2', api('hangup'))).statusCode).toBe(200);
    await agent2.waitFor('call_state', { uniqueid, state: 'hangup', extension: '1002' });
  });

  it('a phone joining its room mid-call (a reloaded page) gets the call again: its pop-up fields and where it stands', async () => {
    const uniqueid = await placeCall('01055550004', '1001');
    const inbound = await agent1.waitFor('inbound_call', { uniqueid });
    // The server saw the ring before this socket heard of it: its age is at least the time from here on.
    const heardAt = performance.now();
    expect((await ctiAs('agent1', api('answer'))).statusCode).toBe(200);
    await agent1.waitFor('call_state', { uniqueid, state: 'answered' });
    await new Promise((resolve) => setTimeout(resolve, 300));
    const ringToReload = performance.now() - heardAt;

    const reloadedSocket = await socketFor('agent1');
    const reloaded = recordEvents(reloadedSocket);
    expect(await command(reloadedSocket, 'join_extension_room', '1001')).toEqual({ result: 'success' });
    expect(await reloaded.waitFor('inbound_call', { uniqueid })).toEqual(inbound);
    await reloaded.waitFor('call_state', { uniqueid, state: 'answered', extension: '1001', number: '01055550004' });
    // First which calls, and how long ago each rang here (the rebuilt pop-up's "received at"), then their events.
    const listed = (await reloaded.waitFor('live_calls')) as { extension: string; uniqueids: string[]; age_ms: Record<string, number> };
    expect(listed).toMatchObject({ extension: '1001', uniqueids: [uniqueid] });
    expect(listed.age_ms[uniqueid]).toBeGreaterThanOrEqual(ringToReload);
    expect(listed.age_ms[uniqueid]).toBeLessThan(ringToReload + 10_000);
    expect(reloaded.events.map((e) => `${e.name} ${String(e.payload.state ?? '')}`)).toEqual(['live_calls ', 'inbound_call ', 'call_state answered']);

    // A colleague joining their own room hears nothing of it; once it is over, nobody is sent it again.
    const colleagueSocket = await socketFor('agent2');
    const colleague = recordEvents(colleagueSocket);
    await command(colleagueSocket, 'join_extension_room', '1002');
    expect((await ctiAs('agent1', api('hangup'))).statusCode).toBe(200);
    await agent1.waitFor('call_state', { uniqueid, state: 'hangup' });
    const laterSocket = await socketFor('agent1');
    const later = recordEvents(laterSocket);
    await command(laterSocket, 'join_extension_room', '1001');
    await settle();
    expect(later.events).toEqual([{ name: 'live_calls', payload: { extension: '1001', uniqueids: [], age_ms: {} } }]);
    expect(colleague.events.filter((e) => e.payload.uniqueid === uniqueid)).toEqual([]);
    expect(colleague.events.find((e) => e.name === 'live_calls')?.payload).toEqual({ extension: '1002', uniqueids: [], age_ms: {} });
  });

  it('queue 500 rings 1001 and 1002', async () => {
    const uniqueid = await placeCall('01055550002', '500');
    for (const [agent, ext] of [[agent1, '1001'], [agent2, '1002']] as const) {
      expect(await agent.waitFor('inbound_call', { uniqueid })).toMatchObject({ ext_no: ext, ring_gr: '500', phone_no: '01055550002' });
      await agent.waitFor('call_state', { uniqueid, state: 'ringing', extension: ext });
    }
    const far = await cti(t.app, `/simulator/calls/${uniqueid}/hangup`, { method: 'POST', token: tokens.manager });
    expect(far.statusCode).toBe(200);
    await agent1.waitFor('call_state', { uniqueid, state: 'hangup' });
  });

  it('the company-level queue-call events (call_started, call_ended) reach no socket', async () => {
    const company: string[] = [];
    const unsubscribe = t.app.telephony.subscribe((e) => {
      if (e.type === 'call_started' || e.type === 'call_ended') company.push(`${e.type} ${e.payload.uniqueid}`);
    });
    const members = ['agent1', 'agent2'];
    try {
      // Nobody free: the caller waits, rings no one, and gives up.
      for (const member of members) expect((await ctiAs(member, api('dndOn'), { option: '21' })).statusCode).toBe(200);
      const unrung = await placeCall('01055550003', '500');
      expect((await cti(t.app, `/simulator/calls/${unrung}/hangup`, { method: 'POST', token: tokens.manager })).statusCode).toBe(200);
      for (const member of members) expect((await ctiAs(member, api('dndOff'))).statusCode).toBe(200);
      // The members are back: the next caller rings them, and gives up too.
      const rung = await placeCall('01055550003', '500');
      await agent1.waitFor('inbound_call', { uniqueid: rung });
      await cti(t.app, `/simulator/calls/${rung}/hangup`, { method: 'POST', token: tokens.manager });
      await agent1.waitFor('call_state', { uniqueid: rung, state: 'hangup' });
      await settle();
      expect(company).toEqual([`call_started ${unrung}`, `call_ended ${unrung}`, `call_started ${rung}`, `call_ended ${rung}`]);
      const received = [...agent1.events, ...agent2.events, ...acme.events];
      expect(received.filter((e) => e.payload.uniqueid === unrung)).toEqual([]);
      expect(received.map((e) => e.name).filter((name) => !['inbound_call', 'call_state', 'extension_status'].includes(name))).toEqual([]);
    } finally {
      unsubscribe();
      for (const member of members) await ctiAs(member, api('dndOff'));
    }
  });

  it('dndOn reaches the room as extension_status', async () => {
    expect((await ctiAs('agent1', api('dndOn'), { option: '21' })).statusCode).toBe(200);
    expect(await agent1.waitFor('extension_status', { status: 21 })).toEqual({ extension: '1001', exten_status: 51, status: 21 });
    expect((await ctiAs('agent1', api('dndOff'))).statusCode).toBe(200);
    await agent1.waitFor('extension_status', { status: 0 });
  });

  it("an agent never receives a colleague's or another company's events", async () => {
    const uniqueid = await placeCall('01055550001', '1002');
    await agent2.waitFor('inbound_call', { uniqueid });
    await cti(t.app, `/simulator/calls/${uniqueid}/hangup`, { method: 'POST', token: tokens.manager });
    await agent2.waitFor('call_state', { uniqueid, state: 'hangup' });
    await settle();
    expect(agent1.events.filter((e) => e.payload.uniqueid === uniqueid)).toEqual([]);
    expect(acme.events).toEqual([]);
  });

  it("Acme's 1001-style numbers never meet Demo's: Acme's call reaches only Acme", async () => {
    const acmeLoad = await ctiAs('acme-agent', api('load'));
    expect(acmeLoad.json()).toMatchObject({ exten_status: 51 });
    const placed = await cti(t.app, '/simulator/calls', { method: 'POST', token: tokens['acme-manager'], body: { from: '01055550001', to: '2001' } });
    const { uniqueid } = placed.json();
    await acme.waitFor('inbound_call', { uniqueid, ext_no: '2001' });
    await settle();
    expect([...agent1.events, ...agent2.events].filter((e) => e.name === 'inbound_call')).toEqual([]);
  });
});
