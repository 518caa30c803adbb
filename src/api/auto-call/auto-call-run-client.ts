import { AUTO_CALL_RUN_EVENT, AUTO_CALL_RUN_TRACE_EVENT, autoCallRunStatusSchema, autoCallRunTraceSchema, type AutoCallRunStatus, type AutoCallRunTracePush } from '../contracts/auto-call-run.contract';
import type { RealtimeConnection } from '../realtime/socket';

/**
 * Follows the company's auto-call runs on a socket of the screen's own (docs/auto-call.md "Runner"):
 * joins the auto-call room on every (re)connect, then hands on each run's status as the server pushes it
 * (`auto_call_run`, whichever process dials it). A payload that is not a run's status is dropped.
 * Returns the way to stop (leaves the room, closes the socket).
 */
export function watchAutoCallRuns(connection: RealtimeConnection, onRun: (status: AutoCallRunStatus) => void): () => void {
  const join = () => connection.emit('join_auto_call', {});
  connection.on('connect', join);
  connection.on(AUTO_CALL_RUN_EVENT, (payload) => {
    const parsed = autoCallRunStatusSchema.safeParse(payload);
    if (parsed.success) onRun(parsed.data);
  });
  if (connection.connected) join();
  return () => {
    if (connection.connected) connection.emit('leave_auto_call', {});
    connection.removeAllListeners();
    connection.disconnect();
  };
}

/**
 * Follows every step of the company's runs' machines on the server (`auto_call_run_trace`, after
 * `join_auto_call_trace` on every (re)connect): the statechart inspector's replicas take the same events.
 * Returns the way to stop (leaves the room, closes the socket).
 */
export function watchAutoCallRunTraces(connection: RealtimeConnection, onTrace: (trace: AutoCallRunTracePush) => void): () => void {
  const join = () => connection.emit('join_auto_call_trace', {});
  connection.on('connect', join);
  connection.on(AUTO_CALL_RUN_TRACE_EVENT, (payload) => {
    const parsed = autoCallRunTraceSchema.safeParse(payload);
    if (parsed.success) onTrace(parsed.data);
  });
  if (connection.connected) join();
  return () => {
    if (connection.connected) connection.emit('leave_auto_call_trace', {});
    connection.removeAllListeners();
    connection.disconnect();
  };
}
