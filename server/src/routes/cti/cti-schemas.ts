import { z } from 'zod';
import { errorResponseSchema, validationErrorSchema } from '../../lib/api-schemas';
import { DND_OPTIONS, type DndOption } from '../../telephony/status-codes';

/**
 * Query and answer schemas of the built-in CTI server (CONTRACT §7). Query strings arrive as text; the
 * messages are ids the error handler translates.
 */

const extensionNumber = (message: string) => z.string().trim().regex(/^[0-9]{2,10}$/, message);

/**
 * Numbers that reach the PBX are digits only: no `+`, `*`, `#`, letters or separators, so no feature
 * code, premium prefix trick or injected dial string gets through (toll fraud, caller-ID injection).
 */
export const dialledNumber = z.string().trim().regex(/^[0-9]{1,20}$/, 'validation.cti_number_digits');

/** Asterisk channel names: `SIP/1001-0000002a`, `PJSIP/1001-00000001`, `Local/1001@from-internal-0001;1`. */
const channelName = z.string().trim().min(1).max(80).regex(/^[A-Za-z0-9/@._;:+-]+$/, 'validation.cti_channel_invalid');

/** Every CTI path takes the acting extension; it defaults to the caller's own. */
export const actingQuery = z.object({ extension: extensionNumber('validation.cti_extension_invalid').optional() });
export type ActingQuery = z.infer<typeof actingQuery>;

export const numberQuery = actingQuery.extend({ number: dialledNumber });
export const targetQuery = actingQuery.extend({ target: extensionNumber('validation.cti_extension_invalid') });
export const channelQuery = actingQuery.extend({ channel: channelName });
export const optionalChannelQuery = actingQuery.extend({ channel: channelName.optional() });
export const queueQuery = actingQuery.extend({ queue: z.string().trim().regex(/^[0-9]{2,10}$/) });
export const dndOnQuery = actingQuery.extend({
  option: z.coerce
    .number('validation.cti_dnd_option')
    .refine((value): value is DndOption => (DND_OPTIONS as readonly number[]).includes(value), 'validation.cti_dnd_option')
    .transform((value) => value as DndOption),
});

export const resultSchema = z.object({ result: z.literal('success') });
export const loadSchema = z.object({
  status: z.number().int().describe('Agent state: 0 available, 1 busy, 4 logged out, 8 ringing, 11 rest, 21 lunch, 31 after-call, 12/22/32 on a call while in that state'),
  exten_status: z.number().int().describe('51 = logged in, anything else logged out'),
});
export const forwardingSchema = z.object({ transfer: z.boolean(), number: z.string() });
export const dialSchema = z.object({ result: z.literal('success'), uniqueid: z.string() });
export const channelSchema = z.object({ channel: z.string().nullable() });
export const recordingSchema = z.object({ result: z.literal('success'), recording: z.boolean(), file: z.string() });

/** Error answers any CTI path may give (CONTRACT §3 envelope). */
export const ctiErrorResponses = {
  401: errorResponseSchema,
  403: errorResponseSchema,
  404: errorResponseSchema,
  409: errorResponseSchema,
  422: validationErrorSchema,
  500: errorResponseSchema,
  501: errorResponseSchema,
  502: errorResponseSchema,
  503: errorResponseSchema,
  504: errorResponseSchema,
} as const;
