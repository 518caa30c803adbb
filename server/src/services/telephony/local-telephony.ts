import { eq } from 'drizzle-orm';
import type { AppConfig } from '../../config';
import type { Database } from '../../db/client';
import { companies, transfers } from '../../db/schema';
import { HttpError, notFound } from '../../lib/errors';
import type { TelephonyDriver } from '../../telephony/driver';
import { TelephonyError } from '../../telephony/errors';
import type { TelephonyService } from '../../telephony/service';
import { EXTEN_LOGGED_IN, type ExtensionState } from '../../telephony/status-codes';
import { sessionCachesOf, type CompanyTelephonyRow } from '../session/session-cache';
import { blacklistScreenOf } from './blacklist-screen';
import { loadCompanyDirectory } from './company-directory';
import { chooseDriver } from './driver-choice';
import { stateOf, type TransferRow } from './forwarding-state';
import { loadAppliedRouting } from './pbx-routing';
import type { TelephonyGateway, TelephonyOperation } from './telephony-operations';

type DriverConfig = Pick<AppConfig, 'port' | 'publicOrigin' | 'telephonyDriver'>;

/**
 * Commands that make the PBX call a number (its second argument): dialling, click-to-call, a blind
 * transfer, and forwarding (calls to the extension would be dialled out to it). The company's blacklist
 * refuses them here, before any driver is asked, so every driver refuses alike (docs/telephony.md
 * "Blacklist"). An attended transfer only consults the company's own extensions.
 */
const OUTBOUND_COMMANDS: ReadonlySet<string> = new Set(['dial', 'clickToCall', 'blindTransfer', 'transfer']);

/**
 * The PBX drivers of this process. Each request reads the company's `cti_server` (from the session
 * caches, emptied by any write to companies), so a changed CTI server takes effect on the next command: TelephonyService replaces the driver when the
 * settings differ. A new driver gets the company's directory from the database before its first command.
 */
export class LocalTelephony implements TelephonyGateway {
  /** Per driver instance, so a replaced driver is configured afresh and a dropped one is forgotten. */
  private readonly configured = new WeakMap<TelephonyDriver, Promise<void>>();
  private readonly companyIds = new Set<number>();
  /** Per cached company row: the same object on every hit, so TelephonyService hashes its settings once. */
  private readonly settingsOf = new WeakMap<CompanyTelephonyRow, ReturnType<typeof chooseDriver>>();

  constructor(
    private readonly db: Database,
    private readonly config: DriverConfig,
    private readonly service: TelephonyService,
  ) {}

  async run(operation: TelephonyOperation): Promise<unknown> {
    const driver = await this.driverFor(operation.companyId);
    switch (operation.op) {
      case 'command': {
        const number = operation.args[1];
        if (OUTBOUND_COMMANDS.has(operation.name) && typeof number === 'string') {
          if (await blacklistScreenOf(this.db).refuses(operation.companyId, number, 'outbound')) {
            throw new TelephonyError('blacklisted', 'the company blacklists calls to this number');
          }
        }
        // The name was checked against DRIVER_COMMANDS (by type, or by schema when it came over Redis).
        const method = driver[operation.name] as (...args: unknown[]) => Promise<unknown>;
        return method.apply(driver, operation.args);
      }
      case 'simulator': {
        if (!driver.simulator) throw new HttpError(404, 'errors.cti_simulator_only');
        const method = driver.simulator[operation.name] as (...args: unknown[]) => unknown;
        return method.apply(driver.simulator, operation.args);
      }
      case 'signIn':
        return this.signIn(driver, operation.extension);
      case 'liveCalls':
        return this.service.liveCalls(operation.companyId, operation.extension);
      case 'reloadDirectory':
        await this.loadDirectory(driver, operation.companyId);
        return null;
      case 'loadRouting':
        return (await loadAppliedRouting(this.db, operation.companyId, driver)) ? { loaded: true } : null;
    }
  }

  /** Closes every driver of this process (it lost the PBX lease); the next command starts afresh. */
  async closeAll(): Promise<void> {
    const ids = [...this.companyIds];
    this.companyIds.clear();
    await Promise.all(ids.map((id) => this.service.closeCompany(id)));
  }

  /**
   * The specification's client loads the extension and registers over the socket only when `load` says
   * 51. A real PBX reports 51 once the agent's desk phone is registered; the simulator has no desk phone,
   * so the agent's own `load` stands for it: it logs the extension in, and from then on the socket's
   * `register` (every 10 s) keeps it alive and silence past REGISTRATION_TTL logs it out. A manager
   * loading someone else's extension only reads it.
   */
  private async signIn(driver: TelephonyDriver, extension: string): Promise<ExtensionState> {
    const state = await driver.load(extension);
    if (driver.kind !== 'simulator' || state.exten_status === EXTEN_LOGGED_IN) return state;
    return driver.register(extension);
  }

  /** The company's row from the session caches (emptied by any write to companies), else the database. */
  private async companyRow(companyId: number): Promise<CompanyTelephonyRow | null> {
    const query = async () => {
      const [row] = await this.db
        .select({ ctiServer: companies.ctiServer, deletedAt: companies.deletedAt })
        .from(companies)
        .where(eq(companies.id, companyId))
        .limit(1);
      return row ?? null;
    };
    const cache = sessionCachesOf(this.db)?.companies;
    return cache ? cache.load(String(companyId), query, (row) => !row.deletedAt) : query();
  }

  private async driverFor(companyId: number): Promise<TelephonyDriver> {
    const company = await this.companyRow(companyId);
    if (!company || company.deletedAt) throw notFound();
    let settings = this.settingsOf.get(company);
    if (!settings) this.settingsOf.set(company, (settings = chooseDriver(company.ctiServer, this.config)));
    const driver = this.service.forCompany(companyId, settings);
    this.companyIds.add(companyId);
    await this.service.ready(companyId);
    let configured = this.configured.get(driver);
    if (!configured) {
      configured = this.loadDirectory(driver, companyId);
      this.configured.set(driver, configured);
      // A failed first configuration (database or remote CTI server down) is retried on the next command.
      configured.catch(() => this.configured.delete(driver));
    }
    await configured;
    return driver;
  }

  /**
   * The directory, then the company's forwardings as the transfers table holds them (docs/telephony.md
   * "Call forwarding"): a new driver (start-up, a changed CTI server, a lease taken over) forwards what
   * the records say. One extension the PBX refuses does not stop the others.
   */
  private async loadDirectory(driver: TelephonyDriver, companyId: number): Promise<void> {
    await driver.configure(await loadCompanyDirectory(this.db, companyId));
    const rows = (await this.db.select().from(transfers).where(eq(transfers.companyId, companyId))) as unknown as TransferRow[];
    for (const row of rows) {
      const { transfer, number } = stateOf(row);
      await (transfer ? driver.transfer(row.extension, number) : driver.unTransfer(row.extension)).catch(() => undefined);
    }
  }
}
