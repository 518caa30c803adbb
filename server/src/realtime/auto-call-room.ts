import type { FastifyInstance } from 'fastify';
import { AUTO_CALL_ACCESS } from '../../../src/api/contracts/auto-call.contract';
import { allows } from '../../../src/api/resources/resource-access';
import { companyOfCaller } from '../services/telephony/extension-access';
import type { RealtimeSocket } from './socket-server';

/** Everyone of one company watching its auto-call campaigns (docs/auto-call.md "Runner"). */
export const autoCallRoom = (companyId: number | string) => `c:${companyId}:auto-call`;

/**
 * `join_auto_call`: the socket joins its company's auto-call room, where every change of a run is pushed
 * as `auto_call_run` `{ id, state, waiting_for_window, counts, actions }` (auto-call-run.contract.ts),
 * whichever process dials it. Only callers who may see campaigns (AUTO_CALL_ACCESS); `leave_auto_call`
 * leaves.
 */
export function handleAutoCallCommands(_app: FastifyInstance, socket: RealtimeSocket): void {
  socket.on('join_auto_call', (_payload: unknown, ack?: unknown) => {
    const answer = typeof ack === 'function' ? (ack as (value: unknown) => void) : () => undefined;
    const { auth } = socket.data;
    if (auth.companyId === null || !allows(auth, AUTO_CALL_ACCESS)) return answer({ error: true, status: 403 });
    void Promise.resolve(socket.join(autoCallRoom(companyOfCaller(auth)))).then(() => answer({ result: 'success' }));
  });
  socket.on('leave_auto_call', (_payload: unknown, ack?: unknown) => {
    void socket.leave(autoCallRoom(companyOfCaller(socket.data.auth)));
    if (typeof ack === 'function') (ack as (value: unknown) => void)({ result: 'success' });
  });
}
