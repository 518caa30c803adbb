import { z } from 'zod';
import { AUTO_CALL_RESULTS, AUTO_CALL_RUN_ACTIONS, AUTO_CALL_STATES } from './auto-call.contract';

/**
 * The run of an auto-call campaign as the API and the socket tell it (CONTRACT §13; docs/auto-call.md
 * "Runner"): `auto-call/start|pause|resume|cancel` and `auto-call/status` answer it, and the socket event
 * `auto_call_run` pushes it to the company's viewers (`join_auto_call`) whenever it changes.
 */
export const AUTO_CALL_RUN_EVENT = 'auto_call_run';

export const autoCallRunCountsSchema = z.object({
  /** Numbers in the run (those without a result when it started). */
  total: z.number().int(),
  /** Attempts placed, retries included. */
  dialled: z.number().int(),
  in_flight: z.number().int(),
  finished: z.number().int(),
  remaining: z.number().int(),
  /** Numbers waiting for another attempt. */
  retrying: z.number().int(),
  results: z.record(z.enum(AUTO_CALL_RESULTS), z.number().int()),
});
export type AutoCallRunCounts = z.infer<typeof autoCallRunCountsSchema>;

export const autoCallRunStatusSchema = z.object({
  id: z.number().int(),
  state: z.enum(AUTO_CALL_STATES),
  /** On going, but outside the call window: nothing is dialled until it opens. */
  waiting_for_window: z.boolean(),
  counts: autoCallRunCountsSchema,
  /** The run's buttons allowed now. */
  actions: z.array(z.enum(AUTO_CALL_RUN_ACTIONS)),
});
export type AutoCallRunStatus = z.infer<typeof autoCallRunStatusSchema>;

export const autoCallRunResponseSchema = z.object({ data: autoCallRunStatusSchema });

/**
 * `auto_call_run_trace`, to sockets that sent `join_auto_call_trace` (the statechart inspector): every
 * step of a run's machine on the server, as the events it took and its persisted snapshot after them, so
 * a replica in the browser takes the same events and stays in the same state (docs/inspector.md "Server
 * actors"). The events are the machine's (`AutoCallRunEvent`), checked by the replica only for a `type`.
 */
export const AUTO_CALL_RUN_TRACE_EVENT = 'auto_call_run_trace';
export const autoCallRunTraceSchema = z.object({
  campaign_id: z.number().int(),
  events: z.array(z.looseObject({ type: z.string() })),
  snapshot: z.unknown(),
});
export type AutoCallRunTracePush = z.infer<typeof autoCallRunTraceSchema>;
