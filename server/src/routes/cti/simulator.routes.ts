import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { recordIdNumber } from '../../../../src/api/contracts/input-bounds';
import { bearerSecurity } from '../../lib/api-schemas';
import { fieldError, notFound } from '../../lib/errors';
import { requireRole } from '../../plugins/permissions';
import { ctiErrorResponses } from './cti-schemas';

/**
 * Built-in PBX only (CONTRACT §7): place a call from outside, hang it up from the far side, and read the
 * PBX's state. For demos and tests; a manager works on their own company, the platform administrator
 * names one with `company_id`. A company on another CTI server answers 404 (it has no simulator).
 */

const companyField = { company_id: recordIdNumber().optional() };
const placeCallBody = z.object({
  /** Untrusted caller ID, as from a real trunk: digits with an optional leading +. */
  from: z.string().trim().regex(/^\+?[0-9]{1,20}$/, 'validation.cti_caller_id_invalid'),
  /** An extension, queue or ring group, or an inbound number (CONTRACT §11: the company's routing). */
  to: z.string().trim().regex(/^[0-9]{2,20}$/, 'validation.cti_extension_invalid'),
  /** The keys the caller presses in IVR menus, in order. */
  digits: z.string().trim().regex(/^[0-9*#]{0,20}$/, 'validation.routing_digits_invalid').optional(),
  /** When the routing is evaluated (ISO with offset); now when left out. Only the simulator honours it. */
  at: z.iso.datetime({ offset: true, error: 'validation.routing_at_invalid' }).optional(),
  ...companyField,
});
const routedSchema = z.object({ type: z.string(), target: z.string().nullable() });
const companyBody = z.object(companyField);
const uniqueidParams = z.object({ uniqueid: z.string().regex(/^[0-9]{1,12}\.[0-9]{1,12}$/) });
/** A ring group's outside-number member, as the ring group lists it (digits). */
const outsideParams = uniqueidParams.extend({ number: z.string().regex(/^[0-9]{1,20}$/) });
const snapshotSchema = z.object({
  extensions: z.array(z.record(z.string(), z.unknown())),
  calls: z.array(z.record(z.string(), z.unknown())),
  groups: z.array(z.record(z.string(), z.unknown())),
});

/** The company a simulator request is about. Another company's id answers 404, like its records. */
function targetCompany(request: FastifyRequest, companyId: number | undefined): number {
  const own = request.auth.companyId;
  if (own !== null) {
    if (companyId !== undefined && companyId !== own) throw notFound();
    return own;
  }
  if (companyId === undefined) throw fieldError('company_id', 'validation.cti_company_required');
  return companyId;
}

export async function simulatorRoutes(app: FastifyInstance): Promise<void> {
  const pbx = app.telephony;
  const onRequest = [app.authenticate, requireRole('manager', 'admin')];
  const schemaBase = { tags: ['cti simulator'], security: bearerSecurity };

  app.post('/simulator/calls', {
    onRequest,
    config: { ctiNumberField: 'from' },
    schema: {
      ...schemaBase,
      summary: 'Place an inbound call from outside number `from` to extension, queue, ring group or inbound number `to`',
      description:
        '`blocked`: the blacklist refused it and nothing rang. A call to an inbound number follows the company\'s applied routing (time conditions at `at`, IVR keys in `digits`); `routed` says where it went, and when that rings nobody (a sound file, voicemail, a callback group, hang-up) nothing rings.',
      body: placeCallBody,
      response: { 200: z.object({ uniqueid: z.string(), blocked: z.literal(true).optional(), routed: routedSchema.optional() }), ...ctiErrorResponses },
    },
    handler: async (request) => {
      const { from, to, digits, at, company_id } = request.body as z.output<typeof placeCallBody>;
      return pbx.simulator(targetCompany(request, company_id), 'placeInboundCall', { from, to, ...(digits ? { digits } : {}), ...(at ? { at: new Date(at) } : {}) });
    },
  });

  app.post('/simulator/calls/:uniqueid/hangup', {
    onRequest,
    schema: {
      ...schemaBase,
      summary: 'Hang the call up from the far (outside) side',
      params: uniqueidParams,
      body: companyBody,
      response: { 200: z.object({ result: z.literal('success') }), ...ctiErrorResponses },
    },
    handler: async (request) => {
      const { uniqueid } = request.params as z.output<typeof uniqueidParams>;
      const { company_id } = request.body as z.output<typeof companyBody>;
      await pbx.simulator(targetCompany(request, company_id), 'hangupFromFar', uniqueid);
      return { result: 'success' as const };
    },
  });

  // The far side of an outside number a ring group rings: nobody is there to pick up, so a test or a demo says.
  for (const [action, command] of [['answer', 'answerOutside'], ['refuse', 'refuseOutside']] as const) {
    app.post(`/simulator/calls/:uniqueid/outside/:number/${action}`, {
      onRequest,
      schema: {
        ...schemaBase,
        summary:
          action === 'answer'
            ? 'The outside number a ring group is ringing for the call answers it'
            : 'The outside number a ring group is ringing for the call refuses it (the group carries on without it)',
        params: outsideParams,
        body: companyBody,
        response: { 200: z.object({ result: z.literal('success') }), ...ctiErrorResponses },
      },
      handler: async (request) => {
        const { uniqueid, number } = request.params as z.output<typeof outsideParams>;
        const { company_id } = request.body as z.output<typeof companyBody>;
        await pbx.simulator(targetCompany(request, company_id), command, uniqueid, number);
        return { result: 'success' as const };
      },
    });
  }

  app.get('/simulator/state', {
    onRequest,
    schema: {
      ...schemaBase,
      summary: "The PBX's extensions, calls and queues right now",
      querystring: companyBody,
      response: { 200: snapshotSchema, ...ctiErrorResponses },
    },
    handler: async (request) => {
      const { company_id } = request.query as z.output<typeof companyBody>;
      return pbx.simulator(targetCompany(request, company_id), 'snapshot');
    },
  });
}
