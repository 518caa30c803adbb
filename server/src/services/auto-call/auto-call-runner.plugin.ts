import { QUICK_ANSWER_RATES } from '../../../../src/api/auto-call/answer-model';
import { AUTO_CALL_RUN_EVENT, AUTO_CALL_RUN_TRACE_EVENT } from '../../../../src/api/contracts/auto-call-run.contract';
import { globalPlugin } from '../../lib/global-plugin';
import { autoCallRoom, autoCallTraceRoom } from '../../realtime/auto-call-room';
import { blacklistScreenOf } from '../telephony/blacklist-screen';
import { AutoCallRunner } from './runner';

declare module 'fastify' {
  interface FastifyInstance {
    /** The auto-call runner of this process (docs/auto-call.md "Runner"); tests `tune()` it and call `tick()`. */
    autoCallRunner: AutoCallRunner;
  }
}

/**
 * Starts this process's auto-call runner with the app and stops it when the app closes, giving its
 * leases back. Register after the telephony plugin: it dials through `app.telephony` and pushes over
 * `app.io` (the Redis adapter carries a push to every process's sockets).
 */
export const autoCallRunnerPlugin = globalPlugin('auto-call-runner', async (app) => {
  const runner = new AutoCallRunner({
    db: app.db,
    telephony: app.telephony,
    refusesNumber: (companyId, phoneNumber) => blacklistScreenOf(app.db).refuses(companyId, phoneNumber, 'outbound'),
    notify: (companyId, status) => app.io.to(autoCallRoom(companyId)).emit(AUTO_CALL_RUN_EVENT, status),
    trace: (companyId, trace) => app.io.to(autoCallTraceRoom(companyId)).emit(AUTO_CALL_RUN_TRACE_EVENT, trace),
    onError: (error) => app.log.error({ err: error }, 'auto-call runner failed'),
    seed: app.config.autoCallSeed,
    answerRates: app.config.autoCallCallees === 'quick' ? QUICK_ANSWER_RATES : undefined,
  });
  app.decorate('autoCallRunner', runner);
  runner.start();
  // Before anything else shuts down (the PBX, the database): a runner still dialling meanwhile would
  // see every call fail and end numbers that were never really tried.
  app.addHook('preClose', async () => {
    await runner.close();
  });
});
