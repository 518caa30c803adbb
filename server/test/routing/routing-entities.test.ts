import { buildTestApp, type TestApp } from '../helpers/build-test-app';
import { dataOf, signedInCaller, type Caller } from '../resources/resource-test-helpers';

/**
 * The routing entities' own checks (server/src/routes/routing/routing-number.parts.ts; docs/resources.md
 * "Routing entities"): one number, one thing in the company, and destinations that exist. The generic
 * walk (resource-contract.test.ts) covers the rest.
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

const created: string[] = [];
async function store(path: string, body: Record<string, unknown>): Promise<{ id: number }> {
  const response = await call('manager', `/${path}/store`, body);
  expect(response.statusCode, response.body).toBe(200);
  const record = dataOf<{ id: number }>(response);
  created.push(`/${path}/delete/${record.id}`);
  return record;
}
afterEach(async () => {
  for (const path of created.splice(0).reverse()) await call('manager', path);
});

describe('routing numbers', () => {
  it('keeps the numbers of inbound numbers, IVRs, ring groups and callback groups apart from each other, queues and extensions', async () => {
    await store('ring-group', { number: '600', display_name: 'Sales' });
    const clash = async (path: string, body: Record<string, unknown>) => {
      const response = await call('manager', `/${path}/store`, body);
      expect(response.statusCode, response.body).toBe(422);
      return response.json().errors as Record<string, string[]>;
    };
    expect(await clash('ivr', { number: '600', name: 'Main menu' })).toEqual({ number: ["This number is already a ring group's."] });
    expect(await clash('callback-group', { number: '500', name: 'Later' })).toEqual({ number: ["This number is already a queue's."] });
    expect(await clash('inbound-number', { number: '1001', destination: { type: 'hangup' } })).toEqual({ number: ["This number is already a user's extension."] });
    // Its own kind: the unique field's message.
    expect(await clash('ring-group', { number: '600', display_name: 'Other' })).toEqual({ number: ['A ring group with this number already exists.'] });
    // Another number is fine.
    await store('ivr', { number: '601', name: 'Main menu', options: [{ digit: '1', destination: { type: 'ring_group', target: '600' } }] });
  });

  it('says §5 messages: ring group number and display name together, each alone', async () => {
    const both = await call('manager', '/ring-group/store', {});
    expect(both.statusCode).toBe(422);
    expect(both.json().errors).toEqual({ number: ['Please enter the ring group number and display name.'] });
    const name = await call('manager', '/ring-group/store', { number: '602' });
    expect(name.json().errors).toEqual({ display_name: ['Please enter the display name.'] });
    const tc = await call('manager', '/time-condition/store', { name: 'Night', type: 'working_hour' });
    expect(tc.json().errors).toEqual({
      start_weekday: ['Please choose the start weekday.'],
      start_month: ['Please choose the start month.'],
      start_date: ['Please choose the start day.'],
      start_hour: ['Please choose the start time.'],
      destination: ['Please choose a destination or a sound file.'],
    });
  });

  it('refuses destinations that point at nothing of the company, and repeated IVR keys', async () => {
    const ivr = await call('manager', '/ivr/store', {
      number: '603',
      name: 'Menu',
      options: [
        { digit: '1', destination: { type: 'queue', target: '500' } },
        { digit: '1', destination: { type: 'extension', target: '1001' } },
      ],
    });
    expect(ivr.statusCode).toBe(422);
    expect(ivr.json().errors).toEqual({ 'options.1.digit': ['This key is already used in this menu.'] });
    const unknown = await call('manager', '/inbound-number/store', { number: '0215880000', destination: { type: 'ring_group', target: '699' } });
    expect(unknown.statusCode).toBe(422);
    expect(unknown.json().errors).toEqual({ 'destination.target': ['Your company has no ring group with this number.'] });
    const option = await call('manager', '/ivr/store', { number: '604', name: 'Menu', options: [{ digit: '#', destination: { type: 'extension', target: '9999' } }] });
    expect(option.json().errors).toEqual({ 'options.0.destination.target': ['No user of your company has this extension.'] });
    await store('inbound-number', { number: '0215880000', name: 'Main line', destination: { type: 'queue', target: '500' } });
    await store('time-condition', {
      name: 'After hours',
      type: 'working_hour',
      start_weekday: 1,
      end_weekday: 5,
      start_month: 1,
      end_month: 12,
      start_date: 1,
      end_date: 31,
      start_hour: 9,
      end_hour: 18,
      destination: { type: 'voicemail' },
    });
  });

  it('is configuration: an agent gets 403', async () => {
    expect((await call('agent1', '/ring-group/list', {})).statusCode).toBe(403);
    expect((await call('agent1', '/inbound-number/store', { number: '0215880001', destination: { type: 'hangup' } })).statusCode).toBe(403);
  });
});
