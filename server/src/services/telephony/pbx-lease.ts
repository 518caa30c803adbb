import type { RedisClient } from '../../realtime/redis-connections';

/** Extends the lease only while it is still ours (another process may have taken it after a pause). */
const RENEW = `if redis.call('get', KEYS[1]) == ARGV[1] then return redis.call('pexpire', KEYS[1], ARGV[2]) else return 0 end`;
const RELEASE = `if redis.call('get', KEYS[1]) == ARGV[1] then return redis.call('del', KEYS[1]) else return 0 end`;

/**
 * Which process owns the PBX when several share one Redis. A simulated PBX (and an AMI connection) is
 * state that must live in exactly one place, so the processes hold a lease: a Redis key set with NX and
 * a TTL. The owner renews it every third of the TTL; the others try to take it as often, so when the owner
 * dies another process takes over within one TTL (the simulator's calls and registrations are lost; the
 * agents' 10-second re-registration restores the registrations).
 */
export class PbxLease {
  private owner = false;
  private timer: ReturnType<typeof setInterval> | null = null;

  constructor(
    private readonly redis: RedisClient,
    private readonly key: string,
    private readonly processId: string,
    private readonly ttlMs: number,
    private readonly onChange: (owner: boolean) => void,
  ) {}

  get isOwner(): boolean {
    return this.owner;
  }

  async start(): Promise<void> {
    await this.tick();
    this.timer = setInterval(() => void this.tick(), Math.max(50, Math.floor(this.ttlMs / 3)));
    this.timer.unref();
  }

  async close(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    if (!this.owner) return;
    this.setOwner(false);
    // Let the next process take over at once rather than after the TTL.
    await this.redis.eval(RELEASE, { keys: [this.key], arguments: [this.processId] }).catch(() => undefined);
  }

  private async tick(): Promise<void> {
    try {
      if (this.owner) {
        const renewed = await this.redis.eval(RENEW, { keys: [this.key], arguments: [this.processId, String(this.ttlMs)] });
        if (renewed !== 1) this.setOwner(false);
      } else {
        const taken = await this.redis.set(this.key, this.processId, { condition: 'NX', expiration: { type: 'PX', value: this.ttlMs } });
        if (taken === 'OK') this.setOwner(true);
      }
    } catch {
      // Redis unreachable: keep the current belief. Followers cannot reach anyone either, and the next
      // successful renew tells an owner whether it still is one.
    }
  }

  private setOwner(owner: boolean): void {
    if (owner === this.owner) return;
    this.owner = owner;
    this.onChange(owner);
  }
}
