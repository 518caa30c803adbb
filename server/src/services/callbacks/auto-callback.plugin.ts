import { CALLBACK_CALL_EVENT } from '../../../../src/api/contracts/callback.contract';
import { globalPlugin } from '../../lib/global-plugin';
import { extensionRoom } from '../../realtime/rooms';
import { AutoCallbackRunner } from './auto-callback-runner';

declare module 'fastify' {
  interface FastifyInstance {
    /** Automatic callbacks of callback groups (docs/calls.md); tests call `tick()` to poll at once. */
    autoCallbacks: AutoCallbackRunner;
  }
}

/**
 * Starts the automatic callback runner with the app and stops it, after its poll in flight, when the app
 * closes. Register after the telephony plugin (it places calls through `app.telephony` and tells the
 * agent's phone over `app.io`) and the call log (it reads how the calls went there).
 */
export const autoCallbackPlugin = globalPlugin('auto-callbacks', async (app) => {
  const runner = new AutoCallbackRunner({
    db: app.db,
    telephony: app.telephony,
    onError: (error) => app.log.error({ err: error }, 'automatic callback failed'),
    // Through socket.io (its Redis adapter with several processes), whichever process ran the try.
    notify: (companyId, payload) => app.io.to(extensionRoom(companyId, payload.extension)).emit(CALLBACK_CALL_EVENT, payload),
  });
  app.decorate('autoCallbacks', runner);
  runner.start();
  app.addHook('onClose', async () => {
    await runner.close();
  });
});
