import { globalPlugin } from '../lib/global-plugin';
import { TelephonyHub } from '../services/telephony/telephony-hub';
import { connectRedis } from './redis-connections';
import { ANNOUNCEMENT_NAMESPACE } from '../../../src/api/realtime/socket-events';
import { createSocketServer, type RealtimeServer } from './socket-server';

declare module 'fastify' {
  interface FastifyInstance {
    /** The companies' PBXs (CONTRACT §7): routes and sockets go through it, never to a driver directly. */
    telephony: TelephonyHub;
    /** socket.io on the default path (CONTRACT §8). */
    io: RealtimeServer;
  }
}

/**
 * The telephony core and the realtime server as one unit, because they share the Redis connections and
 * must stop in one order: sockets first (so `server.close()` is not held open by WebSockets), then
 * socket.io and its adapter, then the PBX lease and drivers, then Redis.
 */
export const telephonyRealtimePlugin = globalPlugin('telephony-realtime', async (app) => {
  const onRedisError = (error: unknown) => app.log.warn({ err: error }, 'redis error');
  const redis = app.config.redisUrl ? await connectRedis(app.config.redisUrl, onRedisError) : null;
  const hub = await TelephonyHub.start({
    db: app.db,
    config: app.config,
    redis,
    onError: (error) => app.log.error({ err: error }, 'telephony forwarding failed'),
  });
  const io = createSocketServer(app, hub, redis);
  app.decorate('telephony', hub);
  app.decorate('io', io);
  app.log.info({ role: hub.role, redis: Boolean(redis) }, 'telephony and realtime ready');

  app.addHook('preClose', async () => {
    io.local.disconnectSockets(true);
    io.of(ANNOUNCEMENT_NAMESPACE).local.disconnectSockets(true);
  });
  app.addHook('onClose', async () => {
    await io.close();
    await hub.close();
    await redis?.close();
  });
});
