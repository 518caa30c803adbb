import { createActor, type Actor, type Snapshot } from 'xstate';
import type { AutoCallRunTracePush } from '../../api/contracts/auto-call-run.contract';
import { autoCallRunMachine, type AutoCallRunEvent } from '../../machines/auto-call-run/auto-call-run.machine';
import type { InspectionBus } from './inspection-bus';

type RunActor = Actor<typeof autoCallRunMachine>;

/**
 * A persisted snapshot as JSON with its keys sorted, to compare the replica's with the server's: the
 * server restores each step from jsonb, which orders keys its own way.
 */
const jsonOf = (snapshot: unknown) =>
  JSON.stringify(snapshot, (_key, value: unknown) =>
    value && typeof value === 'object' && !Array.isArray(value) ? Object.fromEntries(Object.entries(value).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))) : value,
  );

/**
 * Replicas of the company's auto-call runs for the statechart inspector (docs/inspector.md "Server
 * actors"). A run's machine lives on the server (docs/auto-call.md "Runner"); each of its steps arrives
 * as the events the machine took and its persisted snapshot after them. The replica is the same machine,
 * started from the first snapshot it sees and then sent the same events, so the inspector draws its
 * states, transitions and event log as they happen on the server. Its actions do nothing here (dialling
 * is the runner's). When it cannot follow (a step missed while the socket was down, a page opened
 * mid-run), its snapshot differs from the server's and it is started again from the server's.
 */
export function createAutoCallRunReplicas(bus: InspectionBus) {
  const replicas = new Map<number, { actor: RunActor; unregister: () => void }>();

  const startFrom = (campaignId: number, snapshot: unknown) => {
    replicas.get(campaignId)?.actor.stop();
    replicas.get(campaignId)?.unregister();
    const actor = createActor(autoCallRunMachine, { snapshot: snapshot as Snapshot<unknown>, input: { total: 0 }, id: `auto-call-run-${campaignId}`, inspect: bus.observe });
    actor.start();
    const unregister = bus.registerRootActor(`auto-call run #${campaignId} (server)`, actor);
    replicas.set(campaignId, { actor, unregister });
  };

  return {
    /** One step of a run on the server. */
    apply(trace: AutoCallRunTracePush): void {
      const replica = replicas.get(trace.campaign_id);
      if (!replica || replica.actor.getSnapshot().status !== 'active') return startFrom(trace.campaign_id, trace.snapshot);
      for (const event of trace.events) replica.actor.send(event as AutoCallRunEvent);
      if (jsonOf(replica.actor.getPersistedSnapshot()) !== jsonOf(trace.snapshot)) startFrom(trace.campaign_id, trace.snapshot);
    },
    actorOf(campaignId: number): RunActor | undefined {
      return replicas.get(campaignId)?.actor;
    },
    stop(): void {
      for (const { actor, unregister } of replicas.values()) {
        actor.stop();
        unregister();
      }
      replicas.clear();
    },
  };
}
