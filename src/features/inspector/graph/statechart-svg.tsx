import type { ElkPoint } from 'elkjs/lib/elk-api';
import type { LaidOutEdge, LaidOutState, MachineLayout } from './elk-layout';

/**
 * Draws a laid-out machine as plain SVG. Plain SVG rather than @xyflow/react: the diagram is read-only,
 * and React Flow would re-route edges between node handles, throwing away ELK's routing of transitions
 * that cross state boundaries (which is why ELK is here at all). Styling lives in inspector.css, keyed
 * on the data attributes below, which tests read too.
 */

export interface StatechartSvgProps {
  layout: MachineLayout;
  /** Ids of the active state nodes. */
  active: ReadonlySet<string>;
  /** transitionKey()s taken by the latest macrostep. */
  taken: ReadonlySet<string>;
  /** Changes with every macrostep, to restart the flash animation on an edge taken again. */
  takenSeq: number;
  scale: number;
  ariaLabel: string;
  invokeText: (actor: string) => string;
}

const path = (points: readonly ElkPoint[]) => points.map((p, i) => `${i ? 'L' : 'M'}${p.x},${p.y}`).join(' ');

function StateBox({ state, active, regionOfParallel, invokeText }: {
  state: LaidOutState;
  active: boolean;
  regionOfParallel: boolean;
  invokeText: (actor: string) => string;
}) {
  const compound = state.type === 'compound' || state.type === 'parallel';
  const titleY = compound ? state.y + 20 : state.y + 24;
  const titleX = compound ? state.x + 12 : state.x + state.width / 2;
  return (
    <g
      className="inspector-state"
      data-state-id={state.id}
      data-type={state.type}
      data-active={active ? 'true' : 'false'}
      data-region={regionOfParallel ? 'true' : undefined}
    >
      <rect x={state.x} y={state.y} width={state.width} height={state.height} rx={8} />
      {state.type === 'final' && (
        <rect className="inspector-final-ring" x={state.x + 4} y={state.y + 4} width={state.width - 8} height={state.height - 8} rx={6} />
      )}
      <text x={titleX} y={titleY} textAnchor={compound ? 'start' : 'middle'} className="inspector-state-title">
        {state.type === 'history' ? `${state.key} (H)` : state.key}
      </text>
      {state.invokes.map((actor, i) => (
        <text
          key={actor}
          x={titleX}
          y={titleY + 16 * (i + 1)}
          textAnchor={compound ? 'start' : 'middle'}
          className="inspector-invoke"
        >
          {invokeText(actor)}
        </text>
      ))}
    </g>
  );
}

function EdgePath({ edge, taken }: { edge: LaidOutEdge; taken: boolean }) {
  if (edge.points.length < 2) return null;
  return (
    <g
      className="inspector-edge"
      data-edge-id={edge.id}
      data-taken={taken ? 'true' : 'false'}
      data-targetless={edge.targetless ? 'true' : undefined}
    >
      <title>{edge.text}</title>
      <path d={path(edge.points)} markerEnd={taken ? 'url(#inspector-arrow-taken)' : 'url(#inspector-arrow)'} />
      {edge.labelBox && (
        <>
          <rect className="inspector-edge-label-bg" {...edge.labelBox} rx={3} />
          <text x={edge.labelBox.x + 4} y={edge.labelBox.y + 12} className="inspector-edge-label">
            {edge.text}
          </text>
        </>
      )}
    </g>
  );
}

export function StatechartSvg({ layout, active, taken, takenSeq, scale, ariaLabel, invokeText }: StatechartSvgProps) {
  const typeOf = new Map(layout.states.map((state) => [state.id, state.type]));
  return (
    <svg
      className="inspector-statechart"
      data-testid="statechart"
      role="img"
      aria-label={ariaLabel}
      width={Math.ceil(layout.width * scale)}
      height={Math.ceil(layout.height * scale)}
      viewBox={`0 0 ${Math.ceil(layout.width)} ${Math.ceil(layout.height)}`}
    >
      <defs>
        {['inspector-arrow', 'inspector-arrow-taken'].map((id) => (
          // userSpaceOnUse: the arrowhead must not grow with the thicker stroke of a taken edge.
          <marker key={id} id={id} className={id} viewBox="0 0 10 10" refX={9} refY={5} markerUnits="userSpaceOnUse" markerWidth={9} markerHeight={9} orient="auto">
            <path d="M0,0 L10,5 L0,10 z" />
          </marker>
        ))}
      </defs>
      {layout.states.map((state) => (
        <StateBox
          key={state.id}
          state={state}
          active={active.has(state.id)}
          regionOfParallel={state.parentId !== null && typeOf.get(state.parentId) === 'parallel'}
          invokeText={invokeText}
        />
      ))}
      {layout.initials.map((initial) => (
        <g key={initial.parentId} className="inspector-initial" data-initial-of={initial.parentId}>
          <circle cx={initial.dot.x + initial.dot.width / 2} cy={initial.dot.y + initial.dot.height / 2} r={5} />
          <path d={path(initial.points)} markerEnd="url(#inspector-arrow)" />
        </g>
      ))}
      {layout.edges.map((edge) => {
        const isTaken = taken.has(edge.transitionKey);
        // A new key remounts the element, which restarts the CSS flash for an edge taken again.
        return <EdgePath key={isTaken ? `${edge.id}@${takenSeq}` : edge.id} edge={edge} taken={isTaken} />;
      })}
    </svg>
  );
}
