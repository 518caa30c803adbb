import { Button, ButtonGroup, Spinner } from '@blueprintjs/core';
import { useCallback, useLayoutEffect, useMemo, useRef, useState } from 'react';
import type { AnyStateMachine, StateValue } from 'xstate';
import type { InspectedActor } from '../../../shell/inspection/inspection-types';
import { StatePanel } from '../../../ui/feedback/state-panel';
import { useT } from '../../../i18n/use-t';
import { StatechartSvg } from './statechart-svg';
import { useActiveStateIds, useMachineLayout } from './use-machine-layout';
import type { MachineLayout } from './elk-layout';
import { useEdgeText } from './use-edge-text';

const ZOOM_STEP = 1.25;
const MIN_SCALE = 0.2;
const MAX_SCALE = 3;
/** The first view shrinks a big chart to fit, but not below this: labels must stay readable. */
const MIN_AUTO_SCALE = 0.5;
const clampScale = (scale: number) => Math.min(MAX_SCALE, Math.max(MIN_SCALE, scale));

/** The scale at which the whole chart fits the viewport; 1 when there is nothing to measure (jsdom). */
function fitScale(viewport: HTMLElement | null, layout: MachineLayout): number {
  if (!viewport?.clientWidth || !viewport.clientHeight || !layout.width || !layout.height) return 1;
  return Math.min(viewport.clientWidth / layout.width, viewport.clientHeight / layout.height);
}

export interface StatechartPanelProps {
  actor: InspectedActor;
}

/** The selected actor's statechart, or why there is none. */
export function StatechartPanel({ actor }: StatechartPanelProps) {
  const t = useT();
  if (!actor.machine) {
    return (
      <StatePanel
        testId="inspector-not-machine"
        icon="function"
        title={t('inspector.graph.not_machine.title')}
        description={t('inspector.graph.not_machine.description', { name: actor.name })}
      />
    );
  }
  return <MachineChart actor={actor} machine={actor.machine} />;
}

function MachineChart({ actor, machine }: { actor: InspectedActor; machine: AnyStateMachine }) {
  const t = useT();
  const edgeText = useEdgeText();
  const result = useMachineLayout(machine, edgeText);
  const value = (actor.snapshot as { value?: StateValue } | undefined)?.value;
  const active = useActiveStateIds(machine, value);
  const taken = useMemo(() => new Set(actor.lastTransitions), [actor.lastTransitions]);
  // null until the chart is first shown, then sized to fit; after that the zoom buttons own it.
  const [scale, setScale] = useState<number | null>(null);
  const viewport = useRef<HTMLDivElement>(null);
  const invokeText = useCallback((name: string) => t('inspector.node.invoke', { actor: name }), [t]);
  const ready = result.status === 'ready' ? result.layout : null;
  useLayoutEffect(() => {
    if (ready && scale === null) setScale(Math.max(MIN_AUTO_SCALE, Math.min(1, fitScale(viewport.current, ready))));
  }, [ready, scale]);

  if (result.status === 'loading') {
    return <StatePanel testId="inspector-layout-loading" icon={<Spinner aria-label={t('common.loading')} />} />;
  }
  if (result.status === 'failed') {
    return <StatePanel testId="inspector-layout-failed" icon="error" title={t('inspector.graph.layout_failed')} />;
  }
  const { layout } = result;
  const zoom = (factor: number) => setScale((current) => clampScale((current ?? 1) * factor));
  return (
    <div style={{ display: 'flex', flexDirection: 'column', height: '100%', minHeight: 0 }}>
      <ButtonGroup style={{ alignSelf: 'flex-end', marginBottom: 8 }}>
        <Button icon="zoom-out" aria-label={t('inspector.graph.zoom_out')} onClick={() => zoom(1 / ZOOM_STEP)} />
        <Button icon="zoom-to-fit" aria-label={t('inspector.graph.zoom_fit')} onClick={() => setScale(clampScale(fitScale(viewport.current, layout)))} />
        <Button icon="zoom-in" aria-label={t('inspector.graph.zoom_in')} onClick={() => zoom(ZOOM_STEP)} />
      </ButtonGroup>
      <div ref={viewport} style={{ flex: 1, minHeight: 240, overflow: 'auto' }}>
        <StatechartSvg
          layout={layout}
          active={active}
          taken={taken}
          takenSeq={actor.transitionSeq}
          scale={scale ?? 1}
          ariaLabel={t('inspector.graph.aria', { name: actor.name })}
          invokeText={invokeText}
        />
      </div>
    </div>
  );
}
