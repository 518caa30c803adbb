import { Button, ButtonGroup, Spinner } from '@blueprintjs/core';
import { useCallback, useMemo, useRef, useState } from 'react';
import type { AnyStateMachine, StateValue } from 'xstate';
import type { InspectedActor } from '../../../app/inspection/inspection-types';
import { StatePanel } from '../../../ui/feedback/state-panel';
import { useT } from '../../../i18n/use-t';
import { StatechartSvg } from './statechart-svg';
import { useActiveStateIds, useMachineLayout } from './use-machine-layout';
import { useEdgeText } from './use-edge-text';

const ZOOM_STEP = 1.25;
const MIN_SCALE = 0.2;
const MAX_SCALE = 3;
const clampScale = (scale: number) => Math.min(MAX_SCALE, Math.max(MIN_SCALE, scale));

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
  const [scale, setScale] = useState(1);
  const viewport = useRef<HTMLDivElement>(null);
  const invokeText = useCallback((name: string) => t('inspector.node.invoke', { actor: name }), [t]);

  if (result.status === 'loading') {
    return <StatePanel testId="inspector-layout-loading" icon={<Spinner aria-label={t('common.loading')} />} />;
  }
  if (result.status === 'failed') {
    return <StatePanel testId="inspector-layout-failed" icon="error" title={t('inspector.graph.layout_failed')} />;
  }
  const { layout } = result;
  const fit = () => {
    const box = viewport.current;
    if (!box || !box.clientWidth || !layout.width) return;
    setScale(clampScale(Math.min(box.clientWidth / layout.width, box.clientHeight / layout.height)));
  };
  return (
    <div style={{ display: 'flex', flexDirection: 'column', height: '100%', minHeight: 0 }}>
      <ButtonGroup style={{ alignSelf: 'flex-end', marginBottom: 8 }}>
        <Button icon="zoom-out" aria-label={t('inspector.graph.zoom_out')} onClick={() => setScale((s) => clampScale(s / ZOOM_STEP))} />
        <Button icon="zoom-to-fit" aria-label={t('inspector.graph.zoom_fit')} onClick={fit} />
        <Button icon="zoom-in" aria-label={t('inspector.graph.zoom_in')} onClick={() => setScale((s) => clampScale(s * ZOOM_STEP))} />
      </ButtonGroup>
      <div ref={viewport} style={{ flex: 1, minHeight: 240, overflow: 'auto' }}>
        <StatechartSvg
          layout={layout}
          active={active}
          taken={taken}
          takenSeq={actor.transitionSeq}
          scale={scale}
          ariaLabel={t('inspector.graph.aria', { name: actor.name })}
          invokeText={invokeText}
        />
      </div>
    </div>
  );
}
