import { createClient } from 'redis';

const newClient = (url: string) => createClient({ url });
export type RedisClient = ReturnType<typeof newClient>;

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
  // Without a listener an 'error' event would crash the process; node-redis reconnects by itself.
  pub.on('error', onError);
  sub.on('error', onError);
  await Promise.all([pub.connect(), sub.connect()]);
  return {
    pub,
    sub,
    async close() {
      await Promise.allSettled([pub.close(), sub.close()]);
    },
  };
}
