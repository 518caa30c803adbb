// One telephony driver per company, created on first use from the company's settings, replaced when
// those settings change, all closed on shutdown. Events leave tagged with their company, so the socket
// layer can route them into `company:<id>` + extension rooms and two companies sharing extension
// numbers never see each other's calls. No HTTP here.

import { createHash } from 'node:crypto';
import { AsteriskDriver, type AmiConfig } from './asterisk/asterisk-driver';
import type { CallScreen, DriverEvent, DriverKind, TelephonyDirectory, TelephonyDriver } from './driver';
import { TelephonyError } from './errors';
import { LiveCalls, type LiveCallEvent } from './live-calls';
import { LegacyHttpDriver, type LegacyHttpOptions } from './legacy-http/legacy-http-driver';
import { SimulatorDriver, type SimulatorOptions } from './simulator/simulator-driver';

export interface CompanyTelephonyConfig {
  driver: DriverKind;
  /** legacy-http: the company's `cti_server` base URL. */
  ctiServer?: string;
  /** asterisk: how to reach the AMI. */
  ami?: AmiConfig;
  /** Applied to a newly created driver (extensions, queues, ring groups). */
  directory?: TelephonyDirectory;
}

export type CompanyTelephonyEvent = DriverEvent & { companyId: string };
export type CompanyTelephonyListener = (event: CompanyTelephonyEvent) => void;

export interface TelephonyServiceOptions {
  /** Settings for every simulator (timeouts, clock). */
  simulator?: SimulatorOptions;
  /** Extra legacy-http settings (timeout, headers) for every company using it. */
  legacyHttp?: Omit<LegacyHttpOptions, 'baseUrl'>;
  /** Replace driver construction (tests, or a driver not listed here). */
  createDriver?: (config: CompanyTelephonyConfig) => TelephonyDriver;
  /** Each company's call screening (its blacklist), handed to the PBXs that route inbound calls themselves. */
  screen?: (companyId: string) => CallScreen;
}

interface Entry {
  driver: TelephonyDriver;
  fingerprint: string;
  unsubscribe: () => void;
  ready: Promise<void>;
  live: LiveCalls;
}

const fingerprints = new WeakMap<CompanyTelephonyConfig, string>();
/** What decides whether a driver must be replaced; hashed so the AMI secret is not kept twice in clear. */
function fingerprintOf(config: CompanyTelephonyConfig): string {
  // The same settings object comes back on every command while nothing changes (LocalTelephony).
  const known = fingerprints.get(config);
  if (known) return known;
  const relevant = JSON.stringify({ driver: config.driver, ctiServer: config.ctiServer ?? null, ami: config.ami ?? null });
  const fingerprint = createHash('sha256').update(relevant).digest('hex');
  fingerprints.set(config, fingerprint);
  return fingerprint;
}

export class TelephonyService {
  private readonly companies = new Map<string, Entry>();
  private readonly listeners = new Set<CompanyTelephonyListener>();
  private closed = false;

  constructor(private readonly options: TelephonyServiceOptions = {}) {}

  /**
   * The company's driver, created if needed. A change of driver kind, CTI server or AMI settings
   * closes the old driver and creates a new one. Directory changes go through `driver.configure`.
   */
  forCompany(companyId: string | number, config: CompanyTelephonyConfig): TelephonyDriver {
    if (this.closed) throw new TelephonyError('pbx_unavailable', 'telephony service is shut down');
    const id = String(companyId);
    const fingerprint = fingerprintOf(config);
    const existing = this.companies.get(id);
    if (existing?.fingerprint === fingerprint) return existing.driver;
    if (existing) void this.closeCompany(id);

    const driver = this.create(config, id);
    const live = new LiveCalls();
    const unsubscribe = driver.subscribe((event) => {
      // Before the listeners, so a phone joining because of an event already finds it here.
      live.observe(event);
      this.fanOut(id, event);
    });
    const ready = this.prepare(driver, config);
    // Callers of ready() still see a failure; nobody awaiting it must not crash the process.
    ready.catch(() => undefined);
    this.companies.set(id, { driver, fingerprint, unsubscribe, ready, live });
    return driver;
  }

  /** Resolves when the company's driver has its directory (and, for Asterisk, has logged in). */
  async ready(companyId: string | number): Promise<void> {
    await this.companies.get(String(companyId))?.ready;
  }

  get(companyId: string | number): TelephonyDriver | undefined {
    return this.companies.get(String(companyId))?.driver;
  }

  /** What a phone joining the extension's room mid-call needs to rebuild its calls (live-calls.ts). */
  liveCalls(companyId: string | number, extension: string): LiveCallEvent[] {
    return this.companies.get(String(companyId))?.live.of(extension) ?? [];
  }

  subscribe(listener: CompanyTelephonyListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  async closeCompany(companyId: string | number): Promise<void> {
    const id = String(companyId);
    const entry = this.companies.get(id);
    if (!entry) return;
    this.companies.delete(id);
    entry.unsubscribe();
    await entry.driver.close().catch(() => undefined);
  }

  async close(): Promise<void> {
    this.closed = true;
    await Promise.all([...this.companies.keys()].map((id) => this.closeCompany(id)));
    this.listeners.clear();
  }

  private create(config: CompanyTelephonyConfig, companyId: string): TelephonyDriver {
    if (this.options.createDriver) return this.options.createDriver(config);
    switch (config.driver) {
      case 'simulator': {
        const screen = this.options.screen?.(companyId);
        return new SimulatorDriver({ ...this.options.simulator, ...(screen ? { screen } : {}) });
      }
      case 'legacy-http':
        if (!config.ctiServer) throw new TelephonyError('invalid_config', 'legacy-http needs the company\'s cti_server');
        return new LegacyHttpDriver({ ...this.options.legacyHttp, baseUrl: config.ctiServer });
      case 'asterisk': {
        if (!config.ami) throw new TelephonyError('invalid_config', 'asterisk needs AMI settings');
        // Its routing dialplan reports callback groups; the screen leaves their callback requests.
        const screen = this.options.screen?.(companyId);
        return new AsteriskDriver({ ...config.ami, ...(screen ? { screen } : {}) });
      }
      default:
        throw new TelephonyError('invalid_config', `unknown telephony driver ${String(config.driver)}`);
    }
  }

  private async prepare(driver: TelephonyDriver, config: CompanyTelephonyConfig): Promise<void> {
    if (config.directory) await driver.configure(config.directory);
    // Asterisk logs in in the background; commands answer pbx_unavailable until it has, and the
    // client reconnects on its own, so a failed first login is not fatal here.
    if (driver instanceof AsteriskDriver) await driver.start().catch(() => undefined);
  }

  private fanOut(companyId: string, event: DriverEvent): void {
    const tagged: CompanyTelephonyEvent = { ...event, companyId };
    for (const listener of this.listeners) {
      try {
        listener(tagged);
      } catch {
        /* one subscriber's failure must not starve the others */
      }
    }
  }
}
