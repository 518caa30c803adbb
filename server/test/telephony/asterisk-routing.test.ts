// The Asterisk driver loading a company's applied routing over AMI (docs/telephony.md "Inbound routing on
// Asterisk"), against the AMI peer: the exact actions, the file Asterisk ends up with, errors, and the
// callback group's UserEvent becoming a callback request.

import type { AppliedRouting } from '../../src/telephony/applied-routing';
import { AsteriskDriver } from '../../src/telephony/asterisk/asterisk-driver';
import { updateConfigActions } from '../../src/telephony/asterisk/config-loader';
import { exten, renderConfig } from '../../src/telephony/asterisk/config-sections';
import { generateRoutingDialplan } from '../../src/telephony/asterisk/routing-dialplan';
import type { DriverEvent } from '../../src/telephony/driver';
import { TelephonyError } from '../../src/telephony/errors';
import { AmiPeer, transcript } from './ami-peer';
import { DIRECT_RINGING, TRUNK_CHANNEL } from './ami-transcripts';
import { DEMO_DIRECTORY } from './simulator-helpers';

const FILE = 'extensions_callcentre_acme.conf';
const STAGING = 'staging_extensions_callcentre_acme.conf';
const NOW = Date.parse('2026-11-27T01:00:00Z');

const ROUTING: AppliedRouting = {
  routing: {
    inboundNumbers: [{ number: '0215770000', name: 'Main', destination: { type: 'ivr', target: '700' } }],
    timeConditions: [],
    ivrs: [
      {
        number: '700',
        name: 'Menu',
        invalid_retries: 1,
        options: [
          { digit: '1', destination: { type: 'queue', target: '500' } },
          { digit: '2', destination: { type: 'callback_group', target: '800' } },
        ],
        timeout_destination: null,
        invalid_destination: null,
      },
    ],
    ringGroups: [],
    queues: ['500'],
    callbackGroups: ['800'],
    extensions: ['1000', '1001', '1002', '1003'],
    blacklist: [],
  },
  ringGroups: [],
  callbackGroups: [{ number: '800' }],
};

let peer: AmiPeer;
let driver: AsteriskDriver;
const callbacks: { from: string; group: string; at: Date }[] = [];
const events: DriverEvent[] = [];

beforeEach(async () => {
  callbacks.length = 0;
  events.length = 0;
  peer = await AmiPeer.start();
  driver = new AsteriskDriver({
    host: '127.0.0.1',
    port: peer.port,
    username: 'crm',
    secret: 's3cret',
    channelTech: 'PJSIP',
    actionTimeoutMs: 1_000,
    now: () => NOW,
    screen: {
      refusesCaller: async () => false,
      leaveCallback: async (call) => {
        callbacks.push(call);
      },
    },
  });
  await driver.configure(DEMO_DIRECTORY);
  driver.subscribe((event) => events.push(event));
  await driver.start();
});

afterEach(async () => {
  await driver.close();
  await peer.close();
});

const sent = () => peer.actions.filter((a) => a.fields.Action !== 'Login');
const expected = (routing: AppliedRouting) => renderConfig(generateRoutingDialplan(routing, { prefix: 'acme', tech: 'PJSIP', year: 2026 }));

describe('loading the applied routing', () => {
  it('writes the dialplan to a staging file, copies it over the company file, writes the queues and reloads', async () => {
    await driver.loadRouting({ prefix: 'acme', applied: ROUTING });

    const actions = sent();
    expect(actions.map((a) => `${a.fields.Action} ${a.fields.Filename ?? a.fields.Module ?? `${a.fields.SrcFilename} -> ${a.fields.DstFilename}`}`)).toEqual([
      `CreateConfig ${STAGING}`,
      `ListCategories ${STAGING}`,
      `UpdateConfig ${STAGING} -> ${STAGING}`,
      `UpdateConfig ${STAGING} -> ${STAGING}`,
      `UpdateConfig ${STAGING} -> ${FILE}`,
      'CreateConfig staging_queues_callcentre_acme.conf',
      'ListCategories staging_queues_callcentre_acme.conf',
      'UpdateConfig staging_queues_callcentre_acme.conf -> staging_queues_callcentre_acme.conf',
      'UpdateConfig staging_queues_callcentre_acme.conf -> queues_callcentre_acme.conf',
      'Reload pbx_config',
      'Reload app_queue',
    ]);
    // The first action as it goes on the wire: numbered operations, `>` for `=>` lines.
    expect(actions[2]?.text.split('\n').slice(0, 11)).toEqual([
      'Action: UpdateConfig',
      `SrcFilename: ${STAGING}`,
      `DstFilename: ${STAGING}`,
      'Action-000000: NewCat',
      'Cat-000000: acme-inbound',
      'Action-000001: Append',
      'Cat-000001: acme-inbound',
      'Var-000001: exten',
      'Value-000001: >0215770000,1,Set(CC_DEST=ivr-700)',
      'Action-000002: Append',
      'Cat-000002: acme-inbound',
    ]);
    // No action over 25 operations (Asterisk reads at most 128 headers of a message).
    for (const action of actions) expect(Object.keys(action.fields).filter((key) => /^Action-\d{6}$/.test(key)).length).toBeLessThanOrEqual(25);
    // The copy carries no operation.
    expect(Object.keys(actions[4]!.fields).some((key) => key.startsWith('Action-'))).toBe(false);

    expect(peer.configText(FILE)).toBe(expected(ROUTING));
    expect(peer.configText('queues_callcentre_acme.conf')).toBe('[500]\nstrategy = ringall\nmember => PJSIP/1001\nmember => PJSIP/1002');
  });

  it('a later load replaces the file: contexts of what was removed are gone', async () => {
    await driver.loadRouting({ prefix: 'acme', applied: ROUTING });
    const withoutMenu: AppliedRouting = { ...ROUTING, routing: { ...ROUTING.routing, inboundNumbers: [{ number: '0215770000', name: 'Main', destination: { type: 'queue', target: '500' } }], ivrs: [] } };
    peer.actions.length = 0;

    await driver.loadRouting({ prefix: 'acme', applied: withoutMenu });

    const update = sent().find((a) => a.fields.Action === 'UpdateConfig')!;
    // The staging file's old categories are deleted first (CreateConfig answered "File exists").
    expect(update.text.split('\n').slice(3, 11)).toEqual([
      'Action-000000: DelCat',
      'Cat-000000: acme-inbound',
      'Action-000001: DelCat',
      'Cat-000001: acme-route',
      'Action-000002: DelCat',
      'Cat-000002: acme-dest',
      'Action-000003: DelCat',
      'Cat-000003: acme-ivr-700',
    ]);
    expect(peer.configText(FILE)).toBe(expected(withoutMenu));
    expect(peer.configText(FILE)).not.toContain('acme-ivr-700');
  });

  it('an Error from Asterisk rejects with a typed error and reloads nothing', async () => {
    peer.override = (fields, id) => (fields.Action === 'UpdateConfig' ? transcript(`Response: Error\nActionID: ${id}\nMessage: Save of config failed`) : undefined);

    const failure = await driver.loadRouting({ prefix: 'acme', applied: ROUTING }).catch((error: unknown) => error);

    expect(failure).toBeInstanceOf(TelephonyError);
    expect(failure).toMatchObject({ code: 'pbx_error', message: expect.stringContaining('Save of config failed') });
    expect(sent().map((a) => a.fields.Action)).not.toContain('Reload');
    expect(peer.configFiles.has(FILE)).toBe(false);
  });
});

const userEvent = (name: string, fields: string[]) =>
  ['Event: UserEvent', 'Privilege: user,all', 'Channel: PJSIP/trunk-00000031', 'CallerIDNum: 01055550001', 'Uniqueid: 1732345678.40', 'Linkedid: 1732345678.40', `UserEvent: ${name}`, ...fields].join('\n');
const AT = new Date(NOW).toISOString();

describe('the UpdateConfig actions', () => {
  it('split a long file into actions of at most 25 operations, numbered from 000000 in each', () => {
    const lines = Array.from({ length: 30 }, (_, i) => exten(`${1000 + i},1,Hangup()`));
    const actions = updateConfigActions('x.conf', ['old', 'old'], [{ name: 'big', lines }]);
    // One DelCat for the twice-listed category, the NewCat, 30 Appends: 32 operations.
    expect(actions).toHaveLength(2);
    const ops = (action: (typeof actions)[number]) => action.filter(([key]) => /^Action-\d{6}$/.test(key));
    expect(ops(actions[0]!)).toHaveLength(25);
    expect(ops(actions[1]!)).toHaveLength(7);
    expect(actions[0]!.slice(0, 5)).toEqual([['Action', 'UpdateConfig'], ['SrcFilename', 'x.conf'], ['DstFilename', 'x.conf'], ['Action-000000', 'DelCat'], ['Cat-000000', 'old']]);
    expect(actions[1]!.slice(3, 7)).toEqual([['Action-000000', 'Append'], ['Cat-000000', 'big'], ['Var-000000', 'exten'], ['Value-000000', '>1023,1,Hangup()']]);
  });

  it('refuse a line Asterisk would drop (over 1,024 bytes on the wire)', () => {
    expect(() => updateConfigActions('x.conf', [], [{ name: 'big', lines: [exten(`s,1,NoOp(${'x'.repeat(950)})`)] }])).toThrow(expect.objectContaining({ code: 'invalid_config' }));
  });
});

describe('what the routing dialplan reports', () => {
  it('a callback group: the call is logged as routed there and the caller leaves a callback request', async () => {
    peer.send(userEvent('CallbackRequest', ['Group: 800', 'From: 01055550001', 'To: 0215770000']));

    await vi.waitFor(() => expect(callbacks).toEqual([{ from: '01055550001', group: '800', at: new Date(NOW) }]));
    expect(events).toEqual([
      { type: 'call_routed', payload: { uniqueid: '1732345678.40', from: '01055550001', to: '0215770000', destination: { type: 'callback_group', target: '800' }, at: AT } },
    ]);
  });

  it('a refused caller is a blocked call; a sound file, voicemail or hang-up a routed one', async () => {
    peer.send(userEvent('CallBlocked', ['From: 01099998888', 'To: 0215770000']));
    peer.send(userEvent('CallRouted', ['Type: sound_file', 'Target: 12', 'From: 01055550001', 'To: 0215770000']));
    peer.send(userEvent('CallRouted', ['Type: voicemail', 'From: 01055550001', 'To: 0215770000']));

    await vi.waitFor(() => expect(events).toHaveLength(3));
    expect(events).toEqual([
      { type: 'call_blocked', payload: { uniqueid: '1732345678.40', from: '01099998888', to: '0215770000', at: AT } },
      { type: 'call_routed', payload: { uniqueid: '1732345678.40', from: '01055550001', to: '0215770000', destination: { type: 'sound_file', target: '12' }, at: AT } },
      { type: 'call_routed', payload: { uniqueid: '1732345678.40', from: '01055550001', to: '0215770000', destination: { type: 'voicemail', target: null }, at: AT } },
    ]);
    expect(callbacks).toEqual([]);
  });

  it('a call the dialplan sends through a menu to a ring group pops up with that ring group and menu', async () => {
    peer.send(userEvent('CallRoute', ['RingGroup: 600', 'Ivr: 700']).replace('PJSIP/trunk-00000031', TRUNK_CHANNEL));
    peer.send(DIRECT_RINGING);

    await vi.waitFor(() => expect(events.some((e) => e.type === 'inbound_call')).toBe(true));
    const popup = events.find((e) => e.type === 'inbound_call');
    expect(popup).toMatchObject({ extension: '1001', payload: { ring_gr: '600', ivr_number: '700', phone_no: '01055550001' } });
  });

  it('ignores other user events and a callback group that is not a number', async () => {
    peer.send('Event: UserEvent\nUserEvent: SomethingElse\nGroup: 800\nFrom: 01055550001');
    peer.send('Event: UserEvent\nUserEvent: CallbackRequest\nGroup: ${X}\nFrom: 01055550001');
    peer.send('Event: UserEvent\nUserEvent: CallbackRequest\nGroup: 801\nFrom: 01055550002');

    await vi.waitFor(() => expect(callbacks.map((c) => c.group)).toEqual(['801']));
  });
});
