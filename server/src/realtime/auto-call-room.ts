import type { FastifyInstance } from 'fastify';
import { AUTO_CALL_ACCESS } from '../../../src/api/contracts/auto-call.contract';
import { allows } from '../../../src/api/resources/resource-access';
import { companyOfCaller } from '../services/telephony/extension-access';
import type { RealtimeSocket } from './socket-server';

/** Everyone of one company watching its auto-call campaigns (docs/auto-call.md "Runner"). */
export const autoCallRoom = (companyId: number | string) => `c:${companyId}:auto-call`;

/** Statechart inspectors of one company following every step of its runs' machines (docs/inspector.md). */
export const autoCallTraceRoom = (companyId: number | string) => `c:${companyId}:auto-call-trace`;

/**
 * `join_auto_call`: the socket joins its company's auto-call room, where every change of a run is pushed
 * as `auto_call_run` `{ id, state, waiting_for_window, counts, actions }` (auto-call-run.contract.ts),
 * whichever process dials it. Only callers who may see campaigns (AUTO_CALL_ACCESS); `leave_auto_call`
 * leaves.
 */
export function handleAutoCallCommands(_app: FastifyInstance, socket: RealtimeSocket): void {
  joinable(socket, 'auto_call', autoCallRoom);
  // The same for the inspector: `auto_call_run_trace` with every step of the machines (auto-call-run.contract.ts).
  joinable(socket, 'auto_call_trace', autoCallTraceRoom);
}

/** `join_<name>` / `leave_<name>` for a room of the caller's company, for callers who may see campaigns. */
function joinable(socket: RealtimeSocket, name: 'auto_call' | 'auto_call_trace', room: (companyId: number) => string): void {
  socket.on(`join_${name}`, (_payload: unknown, ack?: unknown) => {
    const answer = typeof ack === 'function' ? (ack as (value: unknown) => void) : () => undefined;
    const { auth } = socket.data;
    if (auth.companyId === null || !allows(auth, AUTO_CALL_ACCESS)) return answer({ error: true, status: 403 });
    void Promise.resolve(socket.join(room(companyOfCaller(auth)))).then(() => answer({ result: 'success' }));
  });
  socket.on(`leave_${name}`, (_payload: unknown, ack?: unknown) => {
    void socket.leave(room(companyOfCaller(socket.data.auth)));
    if (typeof ack === 'function') (ack as (value: unknown) => void)({ result: 'success' });
  });
}
