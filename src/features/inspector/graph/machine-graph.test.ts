import { createActor } from 'xstate';
import { createInspectionBus } from '../../../shell/inspection/inspection-bus';
import { defaultEdgeText, formatDelay, machineToGraph } from './machine-graph';
import { layoutMachineGraph, toElkGraph } from './elk-layout';
import { sampleMachine } from './sample-machine';

const graph = machineToGraph(sampleMachine);
const edgeTexts = () => graph.edges.map((edge) => `${edge.source} -${defaultEdgeText(edge)}-> ${edge.target}`);

describe('machineToGraph', () => {
  it('lists every state, parents first, with its type and initial flag', () => {
    expect(graph.states.map((s) => [s.id, s.type, s.parentId, s.isInitial])).toEqual([
      ['sample', 'compound', null, false],
      ['sample.idle', 'atomic', 'sample', true],
      ['sample.loading', 'atomic', 'sample', false],
      ['sample.failed', 'atomic', 'sample', false],
      ['sample.ready', 'parallel', 'sample', false],
      ['sample.ready.line', 'compound', 'sample.ready', false], // regions of a parallel state are not "initial"
      ['sample.ready.line.quiet', 'atomic', 'sample.ready.line', true],
      ['sample.ready.line.busy', 'atomic', 'sample.ready.line', false],
      ['sample.ready.work', 'compound', 'sample.ready', false],
      ['sample.ready.work.working', 'atomic', 'sample.ready.work', true],
      ['sample.ready.work.finished', 'final', 'sample.ready.work', false],
    ]);
    expect(graph.states.find((s) => s.id === 'sample')?.invokes).toEqual(['socket']);
    expect(graph.states.find((s) => s.id === 'sample.loading')?.invokes).toEqual(['loadProfile']);
  });

  it('draws events, always, delays, invoke completions, targetless and root-level transitions', () => {
    expect(edgeTexts().sort()).toEqual(
      [
        'sample -RESET-> sample.idle',
        'sample.idle -START-> sample.loading',
        'sample.idle -PING-> sample.idle',
        'sample.loading -done: loadProfile-> sample.ready',
        'sample.loading -error: loadProfile-> sample.failed',
        'sample.failed -after 10s-> sample.idle',
        'sample.failed -after RETRY_DELAY [retryAllowed]-> sample.loading',
        'sample.ready -done-> sample.idle',
        'sample.ready.line.quiet -NEXT-> sample.ready.line.busy',
        'sample.ready.line.busy -always [retryAllowed]-> sample.ready.line.quiet',
        'sample.ready.work.working -FINISH-> sample.ready.work.finished',
      ].sort(),
    );
    expect(graph.edges.find((e) => e.source === 'sample.idle' && e.target === 'sample.idle')?.targetless).toBe(true);
  });

  it('names edges with the keys the bus records for the transitions taken', () => {
    const bus = createInspectionBus();
    const actor = createActor(sampleMachine, { inspect: bus.observe }).start();
    actor.send({ type: 'RESET' });
    actor.send({ type: 'START' });
    const taken = bus.getSnapshot().actors.find((a) => a.parentId === null)?.lastTransitions ?? [];
    const keys = new Set(graph.edges.map((edge) => edge.transitionKey));
    expect(taken).toHaveLength(1);
    expect(taken.every((key) => keys.has(key))).toBe(true);
    expect(graph.edges.find((edge) => edge.transitionKey === taken[0])?.target).toBe('sample.loading');
    actor.stop();
  });

  it('formats delays', () => {
    expect([500, 1500, 10_000, 90_000, 120_000, 'LONG'].map(formatDelay)).toEqual(['500ms', '1.5s', '10s', '90s', '2m', 'LONG']);
  });
});

describe('ELK layout', () => {
  it('wraps the machine in a synthetic root and gives compound states no size keys', () => {
    const elkGraph = toElkGraph(graph);
    expect(elkGraph.children?.map((c) => c.id)).toEqual(['sample']);
    const machineNode = elkGraph.children?.[0];
    expect(machineNode && 'width' in machineNode).toBe(false);
    // The initial marker is a small node of its own, pointing at the initial child.
    expect(machineNode?.children?.[0]?.id).toBe('sample::initial');
    expect(elkGraph.edges?.some((e) => e.sources[0] === 'sample::initial' && e.targets[0] === 'sample.idle')).toBe(true);
  });

  it('lays the sample out with real elkjs: every state boxed inside its parent, every edge routed', async () => {
    const layout = await layoutMachineGraph(graph);
    expect(layout.width).toBeGreaterThan(0);
    expect(layout.states).toHaveLength(graph.states.length);
    const byId = new Map(layout.states.map((s) => [s.id, s]));
    for (const state of layout.states) {
      expect(state.width).toBeGreaterThan(0);
      const parent = state.parentId ? byId.get(state.parentId) : undefined;
      if (!parent) continue;
      expect(state.x).toBeGreaterThanOrEqual(parent.x);
      expect(state.y).toBeGreaterThanOrEqual(parent.y);
      expect(state.x + state.width).toBeLessThanOrEqual(parent.x + parent.width + 0.5);
      expect(state.y + state.height).toBeLessThanOrEqual(parent.y + parent.height + 0.5);
    }
    expect(layout.edges).toHaveLength(graph.edges.length);
    for (const edge of layout.edges) {
      expect(edge.points.length).toBeGreaterThanOrEqual(2);
      expect(edge.labelBox).not.toBeNull();
    }
    expect(layout.initials.map((i) => i.targetId).sort()).toEqual(
      ['sample.idle', 'sample.ready.line.quiet', 'sample.ready.work.working'].sort(),
    );
  });
});
