import type { FastifyReply, FastifyRequest } from 'fastify';
import { globalPlugin } from '../../lib/global-plugin';
import { CallRecorder } from './call-recorder';
import { parseOneTouchFile } from './one-touch-file';

declare module 'fastify' {
  interface FastifyInstance {
    /** The call log's writer (docs/calls.md); tests call `settle()` before reading the log. */
    callLog: CallRecorder;
  }
}

/** The CTI path whose answer names a one-touch recording (CONTRACT §7), under the `/cti` prefix. */
const ONE_TOUCH_ROUTE = '/cti/one-touch-recording/otr.php';

/**
 * Starts the call recorder with the app and stops it (after its last write) when the app closes.
 * Register after the telephony plugin (it subscribes to `app.telephony`) and before the CTI routes
 * (its onSend hook must apply to them).
 */
export const callLogPlugin = globalPlugin('call-log', async (app) => {
  const recorder = new CallRecorder({
    db: app.db,
    subscribe: (listener) => app.telephony.subscribe(listener),
    onError: (error) => app.log.error({ err: error }, 'call log write failed'),
  });
  recorder.start();
  app.decorate('callLog', recorder);

  // The telephony events do not announce one-touch recordings; the toggle's answer is the one place
  // the file name appears, so the log reads it there.
  app.addHook('onSend', async (request: FastifyRequest, reply: FastifyReply, payload: unknown) => {
    if (request.routeOptions.url === ONE_TOUCH_ROUTE && reply.statusCode === 200 && typeof payload === 'string') {
      noteOneTouch(recorder, request.authOrNull?.companyId ?? null, payload);
    }
    return payload;
  });
  app.addHook('onClose', async () => {
    await recorder.close();
  });
});

function noteOneTouch(recorder: CallRecorder, companyId: number | null, payload: string): void {
  if (companyId === null) return;
  let answer: { recording?: unknown; file?: unknown };
  try {
    answer = JSON.parse(payload) as typeof answer;
  } catch {
    return;
  }
  if (answer.recording !== true || typeof answer.file !== 'string') return;
  const parsed = parseOneTouchFile(answer.file);
  if (parsed) recorder.noteOneTouchRecording(companyId, parsed.extension, parsed.uniqueid, answer.file);
}
