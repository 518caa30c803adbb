import { createClient } from 'redis';

const newClient = (url: string) => createClient({ url });
export type RedisClient = ReturnType<typeof newClient>;

/** node-redis retries a lost connection forever; a start against an unreachable Redis must fail instead. */
const CONNECT_TIMEOUT_MS = 10_000;
/** While Redis is down every reconnect attempt raises 'error'; one log line per interval is enough. */
const ERROR_LOG_INTERVAL_MS = 10_000;

/**
 * The two Redis connections of a process: `pub` for commands and publishing, `sub` for subscriptions (a
 * subscribed connection cannot run other commands). Shared by the socket.io adapter and the PBX
 * ownership (lease and command forwarding); node-redis keeps one listener per channel, so sharing `sub`
 * is safe.
 */
export interface RedisConnections {
  pub: RedisClient;
  sub: RedisClient;
  close(): Promise<void>;
}

export async function connectRedis(url: string, onError: (error: unknown) => void): Promise<RedisConnections> {
  const pub = newClient(url);
  const sub: RedisClient = pub.duplicate();
  let lastLogged = 0;
  const report = (error: unknown) => {
    if (Date.now() - lastLogged < ERROR_LOG_INTERVAL_MS) return;
    lastLogged = Date.now();
    onError(error);
  };
  // Without a listener an 'error' event would crash the process; node-redis reconnects by itself.
  pub.on('error', report);
  sub.on('error', report);
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`Redis (REDIS_URL) did not accept a connection within ${CONNECT_TIMEOUT_MS / 1000} s`)), CONNECT_TIMEOUT_MS);
  });
  try {
    await Promise.race([Promise.all([pub.connect(), sub.connect()]), timeout]);
  } catch (error) {
    pub.destroy();
    sub.destroy();
    throw error;
  } finally {
    clearTimeout(timer);
  }
  return {
    pub,
    sub,
    async close() {
      await Promise.allSettled([pub.close(), sub.close()]);
    },
  };
}
