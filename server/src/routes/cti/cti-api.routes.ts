import type { FastifyInstance, FastifyRequest } from 'fastify';
import { sql } from 'drizzle-orm';
import { CTI_BAR_CLIENT, CTI_CLIENT_HEADER, type TransferSource } from '../../../../src/api/contracts/transfer.contract';
import { requirePermission, requireQueueReset } from '../../plugins/permissions';
import { dialOptions } from '../../services/telephony/caller-ids';
import { requireCompanyExtension } from '../../services/telephony/extension-access';
import { ctiAction } from './cti-route';
import {
  actingQuery,
  dialSchema,
  dndOnQuery,
  forwardingSchema,
  loadSchema,
  numberQuery,
  queueQuery,
  resultSchema,
  targetQuery,
} from './cti-schemas';
import { recordQueueReset } from '../../services/queues/queue-reset';

const API = '/cti_api/index.php';
const success = { result: 'success' } as const;

/**
 * The app's client sends `queue` in the query; the specification's old server (and our legacy-http driver
 * talking to one) sends it as a form field. Both are accepted: a body field fills a missing query field.
 */
async function queueFromBody(request: FastifyRequest): Promise<void> {
  const query = request.query as Record<string, unknown>;
  const body = request.body as Record<string, unknown> | undefined;
  if (query.queue === undefined && body && typeof body.queue === 'string') query.queue = body.queue;
}

/** `/cti_api/index.php/*` (CONTRACT §7): GET with query parameters; queueReset is the one POST. */
export async function ctiApiRoutes(app: FastifyInstance): Promise<void> {
  const pbx = app.telephony;

  ctiAction(app, {
    method: 'GET', url: `${API}/dbCon`, summary: 'Check the CTI server and its database',
    query: actingQuery, response: resultSchema,
    run: async () => {
      await app.db.execute(sql`select 1`);
      return success;
    },
  });
  ctiAction(app, {
    method: 'GET', url: `${API}/load`, summary: 'Agent state and registration of the extension',
    query: actingQuery, response: loadSchema,
    // The user's own load signs the extension in on the built-in PBX (docs/cti-api.md, "Registration").
    run: ({ companyId, extension, own }) => (own ? pbx.signIn(companyId, extension) : pbx.command(companyId, 'load', extension)),
  });
  ctiAction(app, {
    method: 'GET', url: `${API}/dndOn`, summary: 'Do-not-disturb (1), rest (11), lunch (21) or after-call (31)',
    query: dndOnQuery, response: resultSchema,
    run: async ({ companyId, extension }, { option }) => (await pbx.command(companyId, 'dndOn', extension, option), success),
  });
  ctiAction(app, {
    method: 'GET', url: `${API}/dndOff`, summary: 'Back to available',
    query: actingQuery, response: resultSchema,
    run: async ({ companyId, extension }) => (await pbx.command(companyId, 'dndOff', extension), success),
  });
  // Call forwarding is the transfers record (docs/telephony.md "Call forwarding"): these read and write it,
  // with its history, and the PBX follows; the app's CTI bar says so in CTI_CLIENT_HEADER.
  const forwardingSource = (request: FastifyRequest) => (request.headers[CTI_CLIENT_HEADER] === CTI_BAR_CLIENT ? 'cti_bar' : 'cti_api') as TransferSource;
  ctiAction(app, {
    method: 'GET', url: `${API}/transfer`, summary: 'Call forwarding on, to `number` (the extension\'s transfers record, now and without a period)',
    query: numberQuery, response: resultSchema,
    run: async ({ companyId, extension }, { number }, request) => {
      await app.forwarding.set({ companyId, extension, number, source: forwardingSource(request), userId: request.auth.userId });
      return success;
    },
  });
  ctiAction(app, {
    method: 'GET', url: `${API}/unTransfer`, summary: 'Call forwarding off (the transfers record stays, switched off)',
    query: actingQuery, response: resultSchema,
    run: async ({ companyId, extension }, _query, request) => {
      await app.forwarding.set({ companyId, extension, number: null, source: forwardingSource(request), userId: request.auth.userId });
      return success;
    },
  });
  ctiAction(app, {
    method: 'GET', url: `${API}/checkTransfer`, summary: 'Whether calls to the extension are forwarded now, and to which number',
    query: actingQuery, response: forwardingSchema,
    run: ({ companyId, extension }) => app.forwarding.check(companyId, extension),
  });
  ctiAction(app, {
    method: 'GET', url: `${API}/dial`, summary: 'Call `number` (digits only) from the extension',
    query: numberQuery, response: dialSchema,
    // The call carries the caller id its user may dial out with (docs/telephony.md "Caller ID").
    run: async ({ companyId, extension }, { number }) => ({ ...success, ...(await pbx.command(companyId, 'dial', extension, number, await dialOptions(app.db, companyId, extension))) }),
  });
  for (const name of ['blindTransfer', 'attendedTransfer'] as const) {
    ctiAction(app, {
      method: 'GET', url: `${API}/${name}`,
      summary: name === 'blindTransfer' ? 'Transfer the call to `number`' : 'Consult `number` first; call again (or hang up) to complete',
      query: numberQuery, response: resultSchema,
      run: async ({ companyId, extension }, { number }) => (await pbx.command(companyId, name, extension, number), success),
    });
  }
  for (const name of ['listen', 'whisper'] as const) {
    ctiAction(app, {
      method: 'GET', url: `${API}/${name}`,
      summary: `${name === 'listen' ? 'Listen to' : 'Whisper to'} the call of extension \`target\` (manager or cti_${name})`,
      query: targetQuery, response: resultSchema, numberField: 'target',
      onRequest: [requirePermission(name === 'listen' ? 'cti_listen' : 'cti_whisper')],
      run: async ({ companyId, extension }, { target }) => {
        await requireCompanyExtension(app.db, companyId, target);
        await pbx.command(companyId, name, extension, target);
        return success;
      },
    });
  }
  // hold/unhold go beyond the specification's list (docs/cti-api.md): they make `held` reachable.
  for (const name of ['hangup', 'answer', 'hold', 'unhold'] as const) {
    ctiAction(app, {
      method: 'GET', url: `${API}/${name}`, summary: `${name[0]?.toUpperCase()}${name.slice(1)} the extension's call`,
      query: actingQuery, response: resultSchema,
      run: async ({ companyId, extension }) => (await pbx.command(companyId, name, extension), success),
    });
  }
  ctiAction(app, {
    method: 'POST', url: `${API}/queueReset`, summary: 'Reset the statistics of queue `queue`',
    query: queueQuery, response: resultSchema, onRequest: [requireQueueReset], preValidation: queueFromBody,
    run: async ({ companyId }, { queue }, request) => {
      await pbx.command(companyId, 'queueReset', queue);
      // The board's counters follow, with who reset them (docs/queues.md).
      await recordQueueReset(request.companyScope(), app.queues.recorder, request.auth.userId, queue);
      return success;
    },
  });
}
