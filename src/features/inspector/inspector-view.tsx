import { Card, Divider } from '@blueprintjs/core';
import { useState, useSyncExternalStore } from 'react';
import type { InspectionBus } from '../../shell/inspection/inspection-bus';
import { StatePanel } from '../../ui/feedback/state-panel';
import { useT } from '../../i18n/use-t';
import { ActorDetails } from './actor-details';
import { ActorList } from './actor-list';
import { defaultActorId } from './actor-tree-model';
import { EventLog } from './event-log';
import { StatechartPanel } from './graph/statechart-panel';
import './inspector.css';

export interface InspectorViewProps {
  /** The app passes its one bus; tests pass their own. */
  bus: InspectionBus;
}

/**
 * The three panes: actors on the left, the selected actor's chart and details in the middle, the
 * event log on the right. The panes wrap under each other on narrow screens.
 */
export function InspectorView({ bus }: InspectorViewProps) {
  const t = useT();
  const { actors, log } = useSyncExternalStore(bus.subscribe, bus.getSnapshot);
  const [chosenId, setChosenId] = useState<string | null>(null);
  const [showFinished, setShowFinished] = useState(false);
  // Follow the user's choice while that actor is listed; otherwise fall back to the first root machine.
  const listed = actors.filter((actor) => showFinished || actor.status === 'active');
  const fallbackId = defaultActorId(actors);
  const selected = listed.find((actor) => actor.sessionId === chosenId) ?? listed.find((a) => a.sessionId === fallbackId);

  return (
    <div style={{ display: 'flex', flexWrap: 'wrap', gap: 12, alignItems: 'stretch', flex: 1, minHeight: 0 }}>
      <Card style={{ flex: '0 1 260px', minWidth: 220, padding: 12, display: 'flex', flexDirection: 'column', maxHeight: '80vh' }}>
        <ActorList
          actors={actors}
          selectedId={selected?.sessionId ?? null}
          onSelect={setChosenId}
          showFinished={showFinished}
          onShowFinishedChange={setShowFinished}
        />
      </Card>
      <Card style={{ flex: '3 1 480px', minWidth: 320, padding: 12, display: 'flex', flexDirection: 'column', gap: 8, height: '80vh' }}>
        {selected ? (
          <>
            <ActorDetails key={selected.sessionId} actor={selected} />
            <Divider />
            <div style={{ flex: 1, minHeight: 0 }}>
              <StatechartPanel key={selected.sessionId} actor={selected} />
            </div>
          </>
        ) : (
          <StatePanel
            testId="inspector-no-selection"
            icon="select"
            title={t('inspector.graph.select.title')}
            description={t('inspector.graph.select.description')}
          />
        )}
      </Card>
      <Card style={{ flex: '1 1 340px', minWidth: 280, padding: 12, display: 'flex', flexDirection: 'column', maxHeight: '80vh' }}>
        <EventLog log={log} actors={actors} />
      </Card>
    </div>
  );
}
