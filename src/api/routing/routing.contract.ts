import { z } from 'zod';
import { DESTINATION_TYPES, type Destination } from '../entities/entity-fields';

/**
 * Inbound routing (CONTRACT §11, docs/routing.md): what a call to one of the company's numbers does,
 * step by step. `routing/simulate` answers it for the staged routing without placing a call;
 * `routing/apply` makes the staged routing live; `routing/pending` lists what Apply would change.
 */

/** What one step of a call's path is. */
export const ROUTING_STEP_TYPES = [
  'blacklist',
  'inbound_number',
  'time_condition',
  'ivr',
  'ivr_option',
  'ivr_timeout',
  'ivr_invalid',
  ...DESTINATION_TYPES,
  'unknown',
] as const;
export type RoutingStepType = (typeof ROUTING_STEP_TYPES)[number];

export const routingStepSchema = z.object({
  type: z.enum(ROUTING_STEP_TYPES),
  /** The number (inbound number, IVR, group, extension), condition name or sound file id it is about. */
  target: z.string(),
  /** Why the call took this step, in the caller's language. */
  reason: z.string(),
});
export type RoutingStep = z.infer<typeof routingStepSchema>;

export const routedDestinationSchema = z.object({ type: z.enum([...DESTINATION_TYPES, 'blocked', 'unknown']), target: z.string().nullable() });
/** Where the call ends up: a destination of CONTRACT §10, `blocked` (the blacklist) or `unknown` (no such number). */
export type RoutedDestination = z.infer<typeof routedDestinationSchema>;

export const routingSimulateBodySchema = z.object({
  /** The number dialled: an inbound number, or an extension, queue, ring group, IVR or callback group. */
  to: z.string().trim().regex(/^[0-9]{2,20}$/, 'validation.routing_to_invalid'),
  /** The caller's number, as it arrives. */
  from: z.string().trim().regex(/^\+?[0-9]{1,20}$/, 'validation.cti_caller_id_invalid'),
  /** When the call comes (ISO); now when left out. */
  at: z.iso.datetime({ offset: true, error: 'validation.routing_at_invalid' }).optional(),
  /** The keys the caller presses, in order. */
  digits: z.string().trim().regex(/^[0-9*#]{0,20}$/, 'validation.routing_digits_invalid').optional(),
});
export type RoutingSimulateBody = z.input<typeof routingSimulateBodySchema>;

export const routingSimulateResponseSchema = z.object({
  steps: z.array(routingStepSchema),
  destination: routedDestinationSchema,
  /** The ring group or queue the call rings through (`ring_gr` of the inbound pop-up), '' when none. */
  ring_group: z.string(),
  /** The last IVR the call went through (`ivr_number`), '' when none. */
  ivr_number: z.string(),
});
export type RoutingSimulateResponse = z.infer<typeof routingSimulateResponseSchema>;

export const ROUTING_SECTIONS = ['inbound_numbers', 'time_conditions', 'ivrs', 'ring_groups', 'callback_groups'] as const;
export type RoutingSection = (typeof ROUTING_SECTIONS)[number];

export const routingChangeSchema = z.object({
  section: z.enum(ROUTING_SECTIONS),
  /** The record's number (a time condition's name). */
  key: z.string(),
  change: z.enum(['added', 'changed', 'removed']),
});
export type RoutingChange = z.infer<typeof routingChangeSchema>;

export const routingPendingResponseSchema = z.object({
  data: z.array(routingChangeSchema),
  /** The live routing's version (0: never applied) and when and by whom it was applied. */
  version: z.number().int(),
  applied_at: z.string().nullable(),
  applied_by: z.string().nullable(),
  /**
   * Who routes the company's calls: the built-in PBX follows this routing; a company on its own CTI
   * server (the legacy HTTP driver) has its calls routed by that server, which this routing does not reach.
   */
  routed_by: z.enum(['builtin', 'cti_server']),
});
export type RoutingPendingResponse = z.infer<typeof routingPendingResponseSchema>;

/**
 * Whether a PBX that keeps its own routing (Asterisk: dialplan loaded over AMI) took the applied routing.
 * Absent when the built-in PBX follows the applied routing by itself or the company's CTI server routes.
 * A PBX that did not take it does not undo the Apply: `error` is the telephony error code, `message`
 * the PBX's own words (for whoever runs it; not translated).
 */
export const pbxRoutingLoadSchema = z.object({ loaded: z.boolean(), error: z.string().optional(), message: z.string().optional() });
export type PbxRoutingLoad = z.infer<typeof pbxRoutingLoadSchema>;

export const routingApplyResponseSchema = routingPendingResponseSchema.extend({ pbx: pbxRoutingLoadSchema.optional() });
export type RoutingApplyResponse = z.infer<typeof routingApplyResponseSchema>;

/** A destination as the routing reads it (the entities' field, CONTRACT §10). */
export type RouteTarget = Pick<Destination, 'type'> & { target?: string | null };
