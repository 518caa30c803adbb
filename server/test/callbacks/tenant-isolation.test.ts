import { CTI, showCall, startCallKit, type CallKit } from '../calls/call-test-kit';
import { dataOf } from '../resources/resource-test-helpers';

/**
 * Item 9 of issue 4 for calls, recordings and callbacks: Acme's manager and agent, given Demo Call
 * Centre's uniqueids, ids and recording links, find nothing (404, empty lists). A 403 is only ever the
 * caller's own missing role, answered the same for any id. Acme's own call stays Acme's.
 */
let kit: CallKit;
const demo = { answered: '', abandoned: '', callback: 0, streamUrl: '' };
let acmeCall = '';
beforeAll(async () => {
  kit = await startCallKit();
  demo.answered = await kit.place('01055550001', '1001');
  await kit.ctiAs('agent1', CTI.answer);
  await kit.ctiAs('agent1', '/one-touch-recording/otr.php');
  await kit.farHangup(demo.answered);
  demo.abandoned = await kit.place('01055550009', '500');
  await kit.farHangup(demo.abandoned);
  // Acme has its own extension 2001 and the same caller number as Demo's member.
  acmeCall = await kit.place('01055550001', '2001', 'acme-manager');
  await kit.ctiAs('acme-agent', CTI.answer);
  await kit.farHangup(acmeCall, 'acme-manager');
  await kit.settle();
  const callbacks = (await kit.call('manager', '/callback/list', { search: '01055550009' })).json().data as { id: number }[];
  demo.callback = callbacks[0]!.id;
  demo.streamUrl = dataOf<{ url: string }>(await kit.call('manager', '/cti/consultations/show-recording-file', { unique_id: demo.answered })).url;
});
afterAll(async () => {
  await kit?.close();
});

describe.each(['acme-manager', 'acme-agent'] as const)('as %s', (username) => {
  const expectNotFound = async (path: string, body: Record<string, unknown>) => {
    const response = await kit.call(username, path, body);
    if (response.statusCode === 403) {
      // A role refusal must not depend on whether the id exists.
      expect((await kit.call(username, path, { ...body, id: 999999 })).statusCode).toBe(403);
      return;
    }
    expect(response.statusCode, `${path} ${response.body}`).toBe(404);
  };

  it('the call log lists only Acme calls; show-call, choosing a member and the recording calls answer 404 for Demo uniqueids', async () => {
    const listed = ((await kit.call(username, '/cti/calls/history', { per_page: 100 })).json().data as { uniqueid: string }[]).map((c) => c.uniqueid);
    expect(listed).toEqual([acmeCall]);
    expect((await kit.call(username, '/cti/calls/history', { search: demo.answered })).json().total).toBe(0);
    for (const unique_id of [demo.answered, demo.abandoned]) {
      await expectNotFound('/cti/calls/show-call', { unique_id });
      // Choosing a member for Demo's call: the call is not found before any member is looked at.
      await expectNotFound('/cti/calls/member', { uniqueid: unique_id, member_id: 1 });
      await expectNotFound('/cti/consultations/show-recording-file', { unique_id });
      await expectNotFound('/cti/consultations/show-one-touch-recording-file', { unique_id });
    }
  });

  it("Acme's own recording token does not open Demo's recording", async () => {
    const own = await kit.call(username, '/cti/consultations/show-recording-file', { unique_id: acmeCall });
    expect(own.statusCode, own.body).toBe(200);
    const token = new URL(own.json().data.url, 'http://app').searchParams.get('token')!;
    const stolen = demo.streamUrl.replace(/token=[^&]+/, `token=${encodeURIComponent(token)}`);
    expect((await kit.t.app.inject({ method: 'GET', url: stolen })).statusCode).toBe(404);
  });

  it('callbacks: Demo callbacks are never listed; view, update, status, assign and delete answer 404 (or the role 403)', async () => {
    expect(((await kit.call(username, '/callback/list', { per_page: 100 })).json().data as { id: number }[]).map((c) => c.id)).not.toContain(demo.callback);
    expect((await kit.call(username, '/callback/list', { search: '01055550009' })).json().total).toBe(0);
    await expectNotFound('/callback/view', { id: demo.callback });
    await expectNotFound('/callback/update', { id: demo.callback, phone_number: '0101' });
    await expectNotFound('/callback/status', { id: demo.callback, status: 'done' });
    await expectNotFound('/callback/assign', { id: demo.callback, user_id: null });
    await expectNotFound(`/callback/delete/${demo.callback}`, {});
  });

  it('the same number may have an open callback in each company', async () => {
    const created = await kit.call(username, '/callback/store', { phone_number: username === 'acme-manager' ? '01055550009' : '01055550010' });
    expect(created.statusCode, created.body).toBe(200);
  });
});

it("Demo's records are intact and Demo never sees Acme's call", async () => {
  expect(dataOf(await kit.call('manager', '/callback/view', { id: demo.callback }))).toMatchObject({ status: 'open', attempts: 1 });
  expect((await showCall(kit, demo.answered)).data).toMatchObject({ disposition: 'answered' });
  expect((await kit.call('manager', '/cti/calls/show-call', { unique_id: acmeCall })).statusCode).toBe(404);
  const assignees = (await kit.call('acme-manager', '/callback/assignees')).json().data as { extension: string }[];
  expect(assignees.map((a) => a.extension).sort()).toEqual(['2000', '2001']);
});
