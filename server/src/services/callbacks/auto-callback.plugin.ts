import { globalPlugin } from '../../lib/global-plugin';
import { AutoCallbackRunner } from './auto-callback-runner';

declare module 'fastify' {
  interface FastifyInstance {
    /** Automatic callbacks of callback groups (docs/calls.md); tests call `tick()` to poll at once. */
    autoCallbacks: AutoCallbackRunner;
  }
}

/**
 * Starts the automatic callback runner with the app and stops it, after its poll in flight, when the app
 * closes. Register after the telephony plugin (it places calls through `app.telephony`) and the call
 * log (it reads how the calls went there).
 */
export const autoCallbackPlugin = globalPlugin('auto-callbacks', async (app) => {
  const runner = new AutoCallbackRunner({
    db: app.db,
    telephony: app.telephony,
    onError: (error) => app.log.error({ err: error }, 'automatic callback failed'),
  });
  app.decorate('autoCallbacks', runner);
  runner.start();
  app.addHook('onClose', async () => {
    await runner.close();
  });
});
