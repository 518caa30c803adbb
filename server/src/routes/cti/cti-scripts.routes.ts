import type { FastifyInstance } from 'fastify';
import { successResultSchema, authErrorResponses, bearerSecurity } from '../../lib/api-schemas';
import { requireRole } from '../../plugins/permissions';
import { dialOptions } from '../../services/telephony/caller-ids';
import { companyOfCaller } from '../../services/telephony/extension-access';
import { ctiAction, requireCompanyUser } from './cti-route';
import {
  actingQuery,
  channelQuery,
  channelSchema,
  dialSchema,
  numberQuery,
  optionalChannelQuery,
  recordingSchema,
  resultSchema,
} from './cti-schemas';

const success = { result: 'success' } as const;
/** The legacy server's PHP scripts took GET or POST alike; so do these. */
const EITHER = ['GET', 'POST'] as const;
const methods = [...EITHER];

/** The specification's PHP script paths (CONTRACT §7), beside `/cti_api/index.php`. */
export async function ctiScriptRoutes(app: FastifyInstance): Promise<void> {
  const pbx = app.telephony;

  ctiAction(app, {
    method: methods, url: '/playsound/sound.php', summary: 'Play the sound into the call (optionally one `channel` of it)',
    query: optionalChannelQuery, response: resultSchema,
    run: async ({ companyId, extension }, { channel }) => (await pbx.command(companyId, 'playSound', extension, channel), success),
  });
  ctiAction(app, {
    method: methods, url: '/hangup/hangup.php', summary: "Hang up the extension's call",
    query: actingQuery, response: resultSchema,
    run: async ({ companyId, extension }) => (await pbx.command(companyId, 'hangup', extension), success),
  });
  ctiAction(app, {
    method: methods, url: '/hangup/hangup-with-channel.php', summary: "Hang up one `channel` of the extension's call",
    query: channelQuery, response: resultSchema,
    run: async ({ companyId, extension }, { channel }) => (await pbx.command(companyId, 'hangup', extension, channel), success),
  });
  ctiAction(app, {
    method: methods, url: '/clicktocall/click_ziotes.php', summary: 'Custom dial: ring the extension, then `number` (digits only)',
    query: numberQuery, response: dialSchema,
    run: async ({ companyId, extension }, { number }) => ({ ...success, ...(await pbx.command(companyId, 'clickToCall', extension, number, await dialOptions(app.db, companyId, extension))) }),
  });
  ctiAction(app, {
    method: methods, url: '/clicktocall/get_channel.php', summary: "The extension's channel in its current call (null without one)",
    query: actingQuery, response: channelSchema,
    run: ({ companyId, extension }) => pbx.command(companyId, 'getChannel', extension),
  });
  ctiAction(app, {
    method: methods, url: '/one-touch-recording/otr.php', summary: "Toggle one-touch recording of the extension's call",
    query: actingQuery, response: recordingSchema,
    run: async ({ companyId, extension }) => ({ ...success, ...(await pbx.command(companyId, 'oneTouchRecording', extension)) }),
  });

  // Not an extension's action: the company's extension list changed (users saved), so the PBX re-reads
  // the directory from the database, which stays the source of truth; a request body is ignored.
  app.route({
    method: methods,
    url: '/v1/users/save-extensions',
    onRequest: [app.authenticate, requireCompanyUser, requireRole('manager')],
    schema: {
      tags: ['cti'],
      summary: "Reload the company's extensions and queues into the PBX (manager)",
      security: bearerSecurity,
      response: { 200: successResultSchema, ...authErrorResponses },
    },
    handler: async (request) => {
      await pbx.reloadDirectory(companyOfCaller(request.auth));
      return success;
    },
  });
}
