import { createActor, type Snapshot } from 'xstate';
import { autoCallRunMachine, type AutoCallRunEvent } from '../../machines/auto-call-run/auto-call-run.machine';
import { createAutoCallRunReplicas } from './auto-call-run-replicas';
import { createInspectionBus } from './inspection-bus';

/**
 * The inspector's replicas of server-hosted auto-call runs (docs/inspector.md "Server actors"): a
 * "server" here is the same machine restored from its persisted snapshot for each step, exactly as the
 * runner does it (server/src/services/auto-call/run-store.ts), and its steps reach the replicas as traces.
 */
function fakeServer(campaignId: number) {
  let persisted: unknown = null;
  return {
    step(events: AutoCallRunEvent[]) {
      const actor = persisted
        ? createActor(autoCallRunMachine, { snapshot: persisted as Snapshot<unknown>, input: { total: 0 } })
        : createActor(autoCallRunMachine, { input: { total: 3, campaignId } });
      actor.start();
      for (const event of events) actor.send(event);
      // Through the database's jsonb, which orders keys its own way (here: reversed).
      persisted = JSON.parse(JSON.stringify(actor.getPersistedSnapshot(), (_key, value: unknown) => (value && typeof value === 'object' && !Array.isArray(value) ? Object.fromEntries(Object.entries(value).reverse()) : value)));
      actor.stop();
      return { campaign_id: campaignId, events, snapshot: persisted };
    },
  };
}

const TEN_AM_SEOUL = Date.UTC(2026, 10, 27, 1, 0, 0);
const line = { freeAgents: 1, busyAgents: 0, ringing: 0 };

it('follows the server run step by step: same state, its events in the log, under a name that says where it runs', async () => {
  const bus = createInspectionBus();
  const replicas = createAutoCallRunReplicas(bus);
  const server = fakeServer(7);
  replicas.apply(server.step([{ type: 'START', now: TEN_AM_SEOUL }]));
  const first = replicas.actorOf(7)!;
  expect(first.getSnapshot().value).toEqual({ on_going: 'running' });

  replicas.apply(server.step([{ type: 'TICK', now: TEN_AM_SEOUL + 1000, line }]));
  replicas.apply(server.step([{ type: 'NUMBER_DIALLED', numberId: 1 }]));
  replicas.apply(server.step([{ type: 'PAUSE' }]));
  // The same actor took the events: nothing was started again.
  expect(replicas.actorOf(7)).toBe(first);
  expect(first.getSnapshot().value).toEqual({ on_going: 'paused' });
  expect(first.getSnapshot().context.counts.inFlight).toEqual([1]);

  await Promise.resolve();
  const state = bus.getSnapshot();
  expect(state.actors.find((actor) => actor.actorRef === first)?.name).toBe('auto-call run #7 (server)');
  expect(state.log.map((entry) => entry.type)).toEqual(expect.arrayContaining(['TICK', 'NUMBER_DIALLED', 'PAUSE']));
  replicas.stop();
});

it('starts again from the server’s snapshot when it missed a step', () => {
  const replicas = createAutoCallRunReplicas(createInspectionBus());
  const server = fakeServer(8);
  replicas.apply(server.step([{ type: 'START', now: TEN_AM_SEOUL }]));
  const first = replicas.actorOf(8)!;
  server.step([{ type: 'NUMBER_DIALLED', numberId: 1 }]); // never reached this page
  replicas.apply(server.step([{ type: 'PAUSE' }]));
  const second = replicas.actorOf(8)!;
  expect(second).not.toBe(first);
  expect(first.getSnapshot().status).toBe('stopped');
  expect(second.getSnapshot().value).toEqual({ on_going: 'paused' });
  expect(second.getSnapshot().context.counts.inFlight).toEqual([1]);
  replicas.stop();
});
