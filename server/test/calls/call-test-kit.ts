import type { LightMyRequestResponse } from 'fastify';
import { buildTestApp, type TestApp } from '../helpers/build-test-app';
import { signedInCaller, type Caller, type DemoUser } from '../resources/resource-test-helpers';
import { cti, tokensFor } from '../cti/cti-helpers';

/**
 * What the call-log and callback tests share: the real app (PGlite or PostgreSQL), every demo user
 * signed in, the built-in PBX driven over its CTI paths, and `settle()` to let the call recorder
 * finish (its quiet period is cut short, its writes awaited) before reading the log.
 */
export interface CallKit {
  t: TestApp;
  call: Caller;
  /** A CTI path (`/cti_api/index.php/answer`) as `username`, acting on their own extension. */
  ctiAs(username: DemoUser, path: string, query?: Record<string, string>): Promise<LightMyRequestResponse>;
  /** An outside caller rings `to` (as the manager of the user's company). */
  place(from: string, to: string, as?: DemoUser): Promise<string>;
  farHangup(uniqueid: string, as?: DemoUser): Promise<void>;
  settle(): Promise<void>;
  close(): Promise<void>;
}

const api = (action: string) => `/cti_api/index.php/${action}`;
export const CTI = { answer: api('answer'), hangup: api('hangup'), dial: api('dial'), load: api('load'), dndOn: api('dndOn'), dndOff: api('dndOff') };

export async function startCallKit(): Promise<CallKit> {
  const t = await buildTestApp();
  const call = await signedInCaller(t.app);
  const tokens = await tokensFor(t.app, ['manager', 'agent1', 'agent2', 'user', 'acme-manager', 'acme-agent']);
  const ctiAs: CallKit['ctiAs'] = (username, path, query = {}) => cti(t.app, path, { token: tokens[username], query });
  // Agents on queue 500 and Acme's agent sign in to the PBX (their own `load`), so calls ring them.
  for (const username of ['agent1', 'agent2', 'acme-agent'] as const) {
    const loaded = await ctiAs(username, CTI.load);
    if (loaded.json().exten_status !== 51) throw new Error(`${username} could not sign in to the PBX: ${loaded.body}`);
  }
  return {
    t,
    call,
    ctiAs,
    async place(from, to, as = 'manager') {
      const response = await cti(t.app, '/simulator/calls', { method: 'POST', token: tokens[as], body: { from, to } });
      if (response.statusCode !== 200) throw new Error(`placing ${from} → ${to}: ${response.statusCode} ${response.body}`);
      return response.json<{ uniqueid: string }>().uniqueid;
    },
    async farHangup(uniqueid, as = 'manager') {
      const response = await cti(t.app, `/simulator/calls/${uniqueid}/hangup`, { method: 'POST', token: tokens[as], body: {} });
      if (response.statusCode !== 200) throw new Error(`hanging up ${uniqueid}: ${response.statusCode} ${response.body}`);
    },
    settle: () => t.app.callLog.settle(),
    close: () => t.close(),
  };
}

/**
 * Runs `work` while both members of queue 500 (agent1, agent2) are at lunch, so a caller to 500 waits
 * and no extension rings; they are back afterwards, whatever happened.
 */
export async function withQueueAway<T>(kit: CallKit, work: () => Promise<T>): Promise<T> {
  const members = ['agent1', 'agent2'] as const;
  for (const member of members) {
    const away = await kit.ctiAs(member, CTI.dndOn, { option: '21' });
    if (away.statusCode !== 200) throw new Error(`${member} could not go to lunch: ${away.body}`);
  }
  try {
    return await work();
  } finally {
    for (const member of members) await kit.ctiAs(member, CTI.dndOff);
  }
}

export const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** `{ data, events }` of cti/calls/show-call for a uniqueid, as the manager. */
export async function showCall(kit: CallKit, uniqueid: string, as: DemoUser = 'manager') {
  const response = await kit.call(as, '/cti/calls/show-call', { unique_id: uniqueid });
  if (response.statusCode !== 200) throw new Error(`show-call ${uniqueid}: ${response.statusCode} ${response.body}`);
  return response.json<{ data: Record<string, unknown>; events: { type: string; state: string | null; extension: string; number: string; occurred_at: string }[] }>();
}
