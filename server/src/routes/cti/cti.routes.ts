import type { FastifyError, FastifyInstance } from 'fastify';
import { handleError } from '../../plugins/error-handler';
import { telephonyHttpError } from '../../services/telephony/telephony-http-errors';
import { isTelephonyError } from '../../telephony/errors';
import { ctiApiRoutes } from './cti-api.routes';
import { ctiScriptRoutes } from './cti-scripts.routes';
import { simulatorRoutes } from './simulator.routes';

/**
 * The built-in CTI server, mounted at `/cti` (CONTRACT §7): the specification's paths, answered by the
 * company's PBX driver, plus the simulator controls. Same origin as the app, so no CORS; the same bearer
 * token as the API.
 */
export async function ctiRoutes(app: FastifyInstance): Promise<void> {
  // Driver failures become the CONTRACT §3 envelope here, in one place; everything else is the app's.
  app.setErrorHandler((error, request, reply) => {
    if (!isTelephonyError(error)) return handleError(error as FastifyError, request, reply);
    const mapped = telephonyHttpError(error, request.routeOptions.config.ctiNumberField);
    return handleError(mapped as unknown as FastifyError, request, reply);
  });
  app.addHook('onSend', async (_request, reply) => {
    // Telephony state changes by the second; nothing here may be cached.
    reply.header('Cache-Control', 'no-store');
  });

  await app.register(ctiApiRoutes);
  await app.register(ctiScriptRoutes);
  await app.register(simulatorRoutes);
}
