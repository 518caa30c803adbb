import { FORWARDING_CHANGED_EVENT } from '../../../../src/api/contracts/transfer.contract';
import { globalPlugin } from '../../lib/global-plugin';
import { extensionRoom } from '../../realtime/rooms';
import { ForwardingService } from './forwarding-service';

declare module 'fastify' {
  interface FastifyInstance {
    /** Call forwarding: the transfers table, the PBX and the CTI bars kept in step (docs/telephony.md "Call forwarding"). */
    forwarding: ForwardingService;
  }
}

/**
 * Starts call forwarding with the app: live forwardings to the PBX and the schedule of periods. Register
 * after the telephony plugin (it uses `app.telephony` and `app.io`); closes before it.
 */
export const forwardingPlugin = globalPlugin('forwarding', async (app) => {
  const service = new ForwardingService({
    db: app.db,
    telephony: app.telephony,
    notify: (companyId, payload) => app.io.to(extensionRoom(companyId, payload.extension)).emit(FORWARDING_CHANGED_EVENT, payload),
    onError: (error, context) => app.log.error({ err: error }, `${context} failed`),
  });
  app.decorate('forwarding', service);
  service.start();
  app.addHook('onClose', async () => {
    await service.close();
  });
});
