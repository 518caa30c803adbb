import { randomUUID } from 'node:crypto';
import type { AppConfig } from '../../config';
import type { Database } from '../../db/client';
import type { RedisConnections } from '../../realtime/redis-connections';
import { TelephonyService, type CompanyTelephonyListener } from '../../telephony/service';
import type { LiveCallEvent } from '../../telephony/live-calls';
import type { ExtensionState } from '../../telephony/status-codes';
import { blacklistScreenOf } from './blacklist-screen';
import { leaveCallbackRequest } from '../routing/callback-request';
import { followRingGroupDestination, routeInboundCall } from '../routing/route-inbound';
import { LocalTelephony } from './local-telephony';
import { PbxLease } from './pbx-lease';
import { PbxRpc } from './pbx-rpc';
import type {
  DriverArgs,
  DriverCommand,
  DriverResult,
  SimulatorArgs,
  SimulatorCommand,
  SimulatorResult,
  TelephonyOperation,
} from './telephony-operations';

/** `single`: no Redis, everything here. `owner`/`follower`: several processes, see pbx-lease.ts. */
export type TelephonyRole = 'single' | 'owner' | 'follower';

const LEASE_TTL_MS = 15_000;
const RPC_TIMEOUT_MS = 15_000;

export interface TelephonyHubOptions {
  db: Database;
  config: AppConfig;
  /** Present when REDIS_URL is set: the PBX then lives in the process holding the lease. */
  redis: RedisConnections | null;
  onError: (error: unknown) => void;
  /** Tests shorten the lease to exercise the hand-over. */
  leaseTtlMs?: number;
}

/**
 * `app.telephony`: the one door to the companies' PBXs for routes and sockets. It decides where an
 * operation runs (here, or forwarded to the owning process) and answers with typed results; the
 * drivers' events come out of `subscribe` in whichever process holds the drivers, and socket.io's Redis
 * adapter carries them to the sockets of every process.
 */
export class TelephonyHub {
  private readonly service: TelephonyService;
  private readonly local: LocalTelephony;
  private readonly lease: PbxLease | null = null;
  private readonly rpc: PbxRpc | null = null;

  private constructor(options: TelephonyHubOptions) {
    const { db, config, redis } = options;
    this.service = new TelephonyService({
      simulator: { registrationTtlMs: config.registrationTtlMs },
      // The built-in PBX refuses blacklisted callers before routing them (docs/telephony.md "Blacklist").
      // Calls to inbound numbers follow the company's live routing (docs/routing.md).
      screen: (companyId) => ({
        refusesCaller: (number) => blacklistScreenOf(db).refuses(Number(companyId), number, 'inbound'),
        routeInbound: (call) => routeInboundCall(db, Number(companyId), call),
        leaveCallback: (call) => leaveCallbackRequest(db, Number(companyId), call),
        followDestination: (call) => followRingGroupDestination(db, Number(companyId), call),
      }),
    });
    this.local = new LocalTelephony(db, config, this.service);
    if (!redis) return;
    const processId = randomUUID();
    this.lease = new PbxLease(redis.pub, `${config.redisPrefix}:pbx:owner`, processId, options.leaseTtlMs ?? LEASE_TTL_MS, (owner) => {
      // A process that lost the lease must not keep a second copy of the PBX running.
      if (!owner) void this.local.closeAll();
    });
    this.rpc = new PbxRpc({
      pub: redis.pub,
      sub: redis.sub,
      prefix: config.redisPrefix,
      processId,
      timeoutMs: RPC_TIMEOUT_MS,
      isOwner: () => this.lease?.isOwner ?? false,
      execute: (operation) => this.local.run(operation),
      onError: options.onError,
    });
  }

  static async start(options: TelephonyHubOptions): Promise<TelephonyHub> {
    const hub = new TelephonyHub(options);
    await hub.rpc?.start();
    await hub.lease?.start();
    return hub;
  }

  get role(): TelephonyRole {
    if (!this.lease) return 'single';
    return this.lease.isOwner ? 'owner' : 'follower';
  }

  command<C extends DriverCommand>(companyId: number, name: C, ...args: DriverArgs<C>): Promise<DriverResult<C>> {
    return this.run({ op: 'command', companyId, name, args }) as Promise<DriverResult<C>>;
  }

  simulator<C extends SimulatorCommand>(companyId: number, name: C, ...args: SimulatorArgs<C>): Promise<SimulatorResult<C>> {
    return this.run({ op: 'simulator', companyId, name, args }) as Promise<SimulatorResult<C>>;
  }

  /** `load` by the extension's own user (see LocalTelephony.signIn). */
  signIn(companyId: number, extension: string): Promise<ExtensionState> {
    return this.run({ op: 'signIn', companyId, extension }) as Promise<ExtensionState>;
  }

  /** The calls the extension is on, as the events that started them (telephony/live-calls.ts). */
  liveCalls(companyId: number, extension: string): Promise<LiveCallEvent[]> {
    return this.run({ op: 'liveCalls', companyId, extension }) as Promise<LiveCallEvent[]>;
  }

  /** After users' extensions or queues change: the PBX gets the directory from the database again. */
  async reloadDirectory(companyId: number): Promise<void> {
    await this.run({ op: 'reloadDirectory', companyId });
  }

  /**
   * After Apply: the company's applied routing into a PBX that keeps its own (Asterisk dialplan over AMI);
   * null for the built-in PBX, which reads it itself, and for a remote CTI server (pbx-routing.ts).
   */
  loadRouting(companyId: number): Promise<{ loaded: true } | null> {
    return this.run({ op: 'loadRouting', companyId }) as Promise<{ loaded: true } | null>;
  }

  /** Events of the drivers held by this process (all of them in `single` mode, none in `follower`). */
  subscribe(listener: CompanyTelephonyListener): () => void {
    return this.service.subscribe(listener);
  }

  async close(): Promise<void> {
    await this.lease?.close();
    await this.rpc?.close();
    await this.service.close();
  }

  private run(operation: TelephonyOperation): Promise<unknown> {
    if (!this.rpc || this.lease?.isOwner) return this.local.run(operation);
    return this.rpc.call(operation);
  }
}
