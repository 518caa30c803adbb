import type { ELK, ElkExtendedEdge, ElkNode, ElkPoint } from 'elkjs/lib/elk-api';
import { defaultEdgeText, type GraphEdge, type GraphState, type MachineGraph } from './machine-graph';

/**
 * Lays a MachineGraph out with elkjs: compound states as ELK hierarchy, every edge declared at the top
 * with `INCLUDE_CHILDREN` so transitions may cross levels, coordinates returned relative to the root
 * (`elk.json.*Coords: ROOT`) so the SVG can draw everything in one coordinate space.
 *
 * elkjs is 1.6 MB: it is imported on the first layout, never at module load, so it stays out of the
 * main bundle and out of the inspector page's first paint.
 */

export interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

export interface LaidOutState extends GraphState, Box {}

export interface LaidOutEdge extends GraphEdge {
  text: string;
  /** Start, bend points, end; absolute. */
  points: ElkPoint[];
  labelBox: Box | null;
}

/** The dot-and-arrow that points at a compound state's initial child. */
export interface LaidOutInitial {
  parentId: string;
  targetId: string;
  dot: Box;
  points: ElkPoint[];
}

export interface MachineLayout {
  width: number;
  height: number;
  states: LaidOutState[];
  edges: LaidOutEdge[];
  initials: LaidOutInitial[];
}

export type EdgeTextFormatter = (edge: GraphEdge) => string;

/** ELK's graph root; a machine's root node cannot be it, since root-level `on` edges start there. */
const SYNTHETIC_ROOT = '__inspector_root__';
const INITIAL_SUFFIX = '::initial';
const CHAR_WIDTH = 7.4; // 13px system font, generous so labels never overflow their box
const LABEL_CHAR_WIDTH = 6.4; // 11px
const INVOKE_LINE = 16;

const textWidth = (text: string, perChar: number) => Math.ceil(text.length * perChar) + 8;

function stateElkNode(state: GraphState, children: ElkNode[]): ElkNode {
  const invokeHeight = state.invokes.length * INVOKE_LINE;
  const minWidth = Math.max(textWidth(state.key, CHAR_WIDTH), ...state.invokes.map((name) => textWidth(name, LABEL_CHAR_WIDTH) + 40));
  if (children.length === 0) {
    return { id: state.id, width: Math.max(120, minWidth + 24), height: 40 + invokeHeight };
  }
  // No width/height keys at all on compound nodes: `undefined` values crash elkjs 0.12.1.
  return {
    id: state.id,
    children,
    layoutOptions: {
      'elk.padding': `[top=${36 + invokeHeight},left=20,bottom=16,right=16]`,
      'elk.nodeSize.constraints': 'MINIMUM_SIZE',
      'elk.nodeSize.minimum': `(${minWidth + 32}, ${60 + invokeHeight})`,
    },
  };
}

export function toElkGraph(graph: MachineGraph, formatText: EdgeTextFormatter = defaultEdgeText): ElkNode {
  const byParent = new Map<string | null, GraphState[]>();
  for (const state of graph.states) byParent.set(state.parentId, [...(byParent.get(state.parentId) ?? []), state]);
  const edges: ElkExtendedEdge[] = graph.edges.map((edge) => {
    const text = formatText(edge);
    return { id: edge.id, sources: [edge.source], targets: [edge.target], labels: [{ text, width: textWidth(text, LABEL_CHAR_WIDTH), height: 16 }] };
  });

  const build = (state: GraphState): ElkNode => {
    const children = (byParent.get(state.id) ?? []).map(build);
    const initial = state.type === 'compound' ? (byParent.get(state.id) ?? []).find((child) => child.isInitial) : undefined;
    if (initial) {
      const dotId = `${state.id}${INITIAL_SUFFIX}`;
      children.unshift({ id: dotId, width: 10, height: 10 });
      edges.push({ id: `${dotId}->${initial.id}`, sources: [dotId], targets: [initial.id] });
    }
    return stateElkNode(state, children);
  };

  const root = graph.states.find((state) => state.parentId === null);
  return {
    id: SYNTHETIC_ROOT,
    children: root ? [build(root)] : [],
    edges,
    layoutOptions: {
      'elk.algorithm': 'layered',
      'elk.direction': 'RIGHT',
      'elk.hierarchyHandling': 'INCLUDE_CHILDREN',
      'elk.layered.considerModelOrder.strategy': 'NODES_AND_EDGES',
      'elk.spacing.nodeNode': '28',
      'elk.layered.spacing.nodeNodeBetweenLayers': '48',
      'elk.spacing.edgeLabel': '4',
      'elk.json.edgeCoords': 'ROOT',
      'elk.json.shapeCoords': 'ROOT',
      'elk.padding': '[top=12,left=12,bottom=12,right=12]',
    },
  };
}

let elkInstance: Promise<ELK> | null = null;
function loadElk(): Promise<ELK> {
  elkInstance ??= import('elkjs/lib/elk.bundled.js').then(({ default: Elk }) => new Elk());
  return elkInstance;
}

const boxOf = (shape: { x?: number; y?: number; width?: number; height?: number }): Box => ({
  x: shape.x ?? 0,
  y: shape.y ?? 0,
  width: shape.width ?? 0,
  height: shape.height ?? 0,
});

function flatten(node: ElkNode, out: Map<string, ElkNode> = new Map()): Map<string, ElkNode> {
  out.set(node.id, node);
  for (const child of node.children ?? []) flatten(child, out);
  return out;
}

const pointsOf = (edge: ElkExtendedEdge): ElkPoint[] =>
  (edge.sections ?? []).flatMap((section) => [section.startPoint, ...(section.bendPoints ?? []), section.endPoint]);

export async function layoutMachineGraph(graph: MachineGraph, formatText: EdgeTextFormatter = defaultEdgeText): Promise<MachineLayout> {
  const elk = await loadElk();
  const laidOut = await elk.layout(toElkGraph(graph, formatText));
  const shapes = flatten(laidOut);
  const elkEdges = new Map((laidOut.edges ?? []).map((edge) => [edge.id, edge]));
  const states = graph.states.map((state) => ({ ...state, ...boxOf(shapes.get(state.id) ?? {}) }));
  const edges = graph.edges.map((edge) => {
    const elkEdge = elkEdges.get(edge.id);
    const label = elkEdge?.labels?.[0];
    return { ...edge, text: label?.text ?? formatText(edge), points: elkEdge ? pointsOf(elkEdge) : [], labelBox: label ? boxOf(label) : null };
  });
  const initials = graph.states.flatMap((state): LaidOutInitial[] => {
    const dotId = `${state.id}${INITIAL_SUFFIX}`;
    const dot = shapes.get(dotId);
    const elkEdge = elkEdges.get(`${dotId}->${graph.states.find((s) => s.parentId === state.id && s.isInitial)?.id}`);
    if (!dot || !elkEdge) return [];
    return [{ parentId: state.id, targetId: elkEdge.targets[0] ?? '', dot: boxOf(dot), points: pointsOf(elkEdge) }];
  });
  return { width: laidOut.width ?? 0, height: laidOut.height ?? 0, states, edges, initials };
}
