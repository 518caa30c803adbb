// Apply and the Asterisk driver (docs/routing.md "Apply", docs/telephony.md "Inbound routing on Asterisk"):
// the owning process hands a company's applied routing to its Asterisk over AMI under the company's
// dcontext, and routing/apply says whether the PBX took it without losing the Apply.

import { eq } from 'drizzle-orm';
import { companies, users } from '../../src/db/schema';
import { CompanyScope } from '../../src/db/company-scope';
import { applyRouting, liveRouting } from '../../src/services/routing/routing-apply';
import { LocalTelephony } from '../../src/services/telephony/local-telephony';
import { AsteriskDriver } from '../../src/telephony/asterisk/asterisk-driver';
import { renderConfig } from '../../src/telephony/asterisk/config-sections';
import { generateRoutingDialplan } from '../../src/telephony/asterisk/routing-dialplan';
import { TelephonyError } from '../../src/telephony/errors';
import { TelephonyService } from '../../src/telephony/service';
import { buildTestApp, loginAs, post, type TestApp } from '../helpers/build-test-app';
import { AmiPeer, transcript } from './ami-peer';

let t: TestApp;
let token: string;
let companyId: number;
let managerId: number;
let peer: AmiPeer;
let service: TelephonyService;
let local: LocalTelephony;

beforeAll(async () => {
  t = await buildTestApp();
  token = (await loginAs(t.app, 'manager')).access_token;
  const [manager] = await t.db.select({ id: users.id, companyId: users.companyId }).from(users).where(eq(users.username, 'manager'));
  managerId = manager!.id;
  companyId = manager!.companyId!;
  const store = async (path: string, body: Record<string, unknown>) => {
    const response = await post(t.app, `/${path}/store`, body, { token });
    expect(response.statusCode, response.body).toBe(200);
  };
  await store('callback-group', { number: '820', name: 'Call me back', members: ['1001'] });
  await store('ivr', { number: '720', name: 'Menu', invalid_retries: 1, options: [{ digit: '1', destination: { type: 'callback_group', target: '820' } }] });
  await store('inbound-number', { number: '0215889100', name: 'Main line', destination: { type: 'ivr', target: '720' } });
});
afterAll(async () => {
  await t?.close();
});

beforeEach(async () => {
  peer = await AmiPeer.start();
  service = new TelephonyService({
    // This company's PBX is an Asterisk (the AMI peer) instead of the built-in one.
    createDriver: () => new AsteriskDriver({ host: '127.0.0.1', port: peer.port, username: 'crm', secret: 's3cret', channelTech: 'PJSIP', actionTimeoutMs: 1_000 }),
  });
  local = new LocalTelephony(t.db, t.config, service);
});
afterEach(async () => {
  await service.close();
  await peer.close();
});

describe('the applied routing into Asterisk', () => {
  it('loads the company\'s applied routing under its dcontext and reloads the dialplan', async () => {
    await applyRouting(new CompanyScope(t.db, companyId), managerId, 'builtin');
    const [company] = await t.db.select({ dcontext: companies.dcontext }).from(companies).where(eq(companies.id, companyId));
    const prefix = company!.dcontext!;

    expect(await local.run({ op: 'loadRouting', companyId })).toEqual({ loaded: true });

    const file = `extensions_callcentre_${prefix}.conf`;
    const applied = (await liveRouting(new CompanyScope(t.db, companyId)))!;
    const year = new Date(Date.now() + 9 * 3_600_000).getUTCFullYear();
    expect(peer.configText(file)).toBe(renderConfig(generateRoutingDialplan(applied, { prefix, tech: 'PJSIP', year })));
    expect(peer.configText(file)).toContain(`exten => 0215889100,1,Set(CC_DEST=ivr-720)`);
    expect(peer.configText(file)).toContain('exten => callback-820,1,UserEvent(CallbackRequest,Group: 820,From: ${CALLERID(num)},To: ${CC_INBOUND})');
    // The company's queues (from its directory) as queues.conf, then both modules reloaded.
    expect(peer.configText(`queues_callcentre_${prefix}.conf`)).toMatch(/^\[500\]\nstrategy = \w+\nmember => PJSIP\/\d+/);
    expect(peer.actions.filter((a) => a.fields.Action === 'Reload').map((a) => a.fields.Module)).toEqual(['pbx_config', 'app_queue']);
    // The staging file is written in actions of at most 25 operations, then copied over the real one.
    const updates = peer.actions.filter((a) => a.fields.Action === 'UpdateConfig' && a.fields.DstFilename === file);
    expect(updates).toHaveLength(1);
    expect(updates[0]!.fields.SrcFilename).toBe(`staging_${file}`);
  });

  it('an Error from Asterisk reaches the caller as a typed error', async () => {
    peer.override = (fields, id) => (fields.Action === 'Reload' ? transcript(`Response: Error\nActionID: ${id}\nMessage: No such module`) : undefined);
    await expect(local.run({ op: 'loadRouting', companyId })).rejects.toMatchObject({ code: 'pbx_error', message: expect.stringContaining('No such module') });
  });
});

describe('routing/apply', () => {
  const apply = async () => {
    const response = await post(t.app, '/routing/apply', {}, { token });
    expect(response.statusCode, response.body).toBe(200);
    return response.json<{ version: number; routed_by: string; pbx?: { loaded: boolean; error?: string; message?: string } }>();
  };

  it('says nothing about the PBX for the built-in one, which reads the applied routing itself', async () => {
    const answer = await apply();
    expect(answer.routed_by).toBe('builtin');
    expect(answer).not.toHaveProperty('pbx');
  });

  it('says the PBX took it, or that it did not without losing the Apply', async () => {
    const loads = vi.spyOn(t.app.telephony, 'loadRouting');
    try {
      loads.mockResolvedValueOnce({ loaded: true });
      const first = await apply();
      expect(first.pbx).toEqual({ loaded: true });
      expect(loads).toHaveBeenCalledWith(companyId);

      loads.mockRejectedValueOnce(new TelephonyError('pbx_error', 'Asterisk refused UpdateConfig: Save of config failed'));
      const second = await apply();
      expect(second.pbx).toEqual({ loaded: false, error: 'pbx_error', message: 'Asterisk refused UpdateConfig: Save of config failed' });
      expect(second.version).toBe(first.version + 1);
      const pending = (await post(t.app, '/routing/pending', {}, { token })).json<{ version: number }>();
      expect(pending.version).toBe(second.version);
    } finally {
      loads.mockRestore();
    }
  });
});
