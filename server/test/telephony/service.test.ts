// The per-company service: one driver per company, events tagged with the company, tenants isolated.

import type { TelephonyDriver } from '../../src/telephony/driver';
import { LegacyHttpDriver } from '../../src/telephony/legacy-http/legacy-http-driver';
import { TelephonyService, type CompanyTelephonyEvent } from '../../src/telephony/service';
import { SimulatorDriver } from '../../src/telephony/simulator/simulator-driver';
import { CUSTOMER, DEMO_DIRECTORY } from './simulator-helpers';

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

const simulatorConfig = { driver: 'simulator' as const, directory: DEMO_DIRECTORY };

describe('TelephonyService', () => {
  it('keeps two companies with the same extension numbers apart', async () => {
    const service = new TelephonyService();
    const events: CompanyTelephonyEvent[] = [];
    service.subscribe((e) => events.push(e));
    const demo = service.forCompany(1, simulatorConfig);
    const acme = service.forCompany(2, simulatorConfig);
    await service.ready(1);
    await service.ready(2);
    expect(demo).not.toBe(acme);
    await demo.register('1001');
    await acme.register('1001');
    events.length = 0;

    const { uniqueid } = await demo.simulator!.placeInboundCall({ from: CUSTOMER, to: '1001' });
    expect(events.length).toBeGreaterThan(0);
    expect(events.every((e) => e.companyId === '1')).toBe(true);
    expect(await acme.load('1001')).toEqual({ exten_status: 51, status: 0 });
    await expect(acme.answer('1001')).rejects.toMatchObject({ code: 'no_call' });
    await expect(acme.simulator!.hangupFromFar(uniqueid)).rejects.toMatchObject({ code: 'no_call' });

    const acmeOnly: CompanyTelephonyEvent[] = [];
    service.subscribe((e) => e.companyId === '2' && acmeOnly.push(e));
    await acme.simulator!.placeInboundCall({ from: CUSTOMER, to: '1001' });
    expect(acmeOnly.filter((e) => e.type === 'inbound_call')).toHaveLength(1);
    expect(events.filter((e) => e.type === 'inbound_call').map((e) => e.companyId)).toEqual(['1', '2']);
    await service.close();
  });

  it('returns the same driver for the same settings and replaces it when they change', async () => {
    const service = new TelephonyService();
    const first = service.forCompany('7', simulatorConfig);
    expect(service.forCompany('7', simulatorConfig)).toBe(first);
    expect(service.get(7)).toBe(first);
    const replaced = service.forCompany('7', { driver: 'legacy-http', ctiServer: 'http://127.0.0.1:9' });
    expect(replaced).toBeInstanceOf(LegacyHttpDriver);
    expect(service.get('7')).toBe(replaced);
    await expect(first.load('1001')).rejects.toBeDefined(); // closed: its actors are stopped
    await service.close();
  });

  it('refuses incomplete settings', () => {
    const service = new TelephonyService();
    expect(() => service.forCompany(1, { driver: 'legacy-http' })).toThrow(expect.objectContaining({ code: 'invalid_config' }));
    expect(() => service.forCompany(1, { driver: 'asterisk' })).toThrow(expect.objectContaining({ code: 'invalid_config' }));
  });

  it('closes every driver on shutdown and refuses new ones afterwards', async () => {
    const closed: string[] = [];
    const service = new TelephonyService({
      createDriver: () => {
        const driver = new SimulatorDriver();
        const close = driver.close.bind(driver);
        return Object.assign(driver, { close: async () => { closed.push('x'); await close(); } }) as TelephonyDriver;
      },
    });
    service.forCompany(1, simulatorConfig);
    service.forCompany(2, simulatorConfig);
    await service.close();
    expect(closed).toHaveLength(2);
    expect(vi.getTimerCount()).toBe(0);
    expect(() => service.forCompany(3, simulatorConfig)).toThrow(expect.objectContaining({ code: 'pbx_unavailable' }));
  });

  it('a failing subscriber does not starve the others', async () => {
    const service = new TelephonyService();
    const seen: string[] = [];
    service.subscribe(() => {
      throw new Error('boom');
    });
    service.subscribe((e) => seen.push(e.type));
    const driver = service.forCompany(1, simulatorConfig);
    await driver.register('1001');
    expect(seen).toEqual(['extension_status']);
    await service.close();
  });
});
