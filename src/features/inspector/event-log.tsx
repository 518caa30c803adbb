import { Button, ButtonGroup, Callout, H5, HTMLSelect, Intent } from '@blueprintjs/core';
import { useMemo, useState } from 'react';
import type { InspectedActor, InspectionLogEntry } from '../../shell/inspection/inspection-types';
import { useT } from '../../i18n/use-t';
import { EventLogRow } from './event-log-row';

export interface EventLogProps {
  log: readonly InspectionLogEntry[];
  actors: readonly InspectedActor[];
}

const ALL = '';

/**
 * The live event log, newest first. Pause freezes what is shown (the bus keeps recording, so resuming
 * loses nothing still in its buffer); clear hides what came before, for this view only, since the bus
 * is shared app state.
 */
export function EventLog({ log, actors }: EventLogProps) {
  const t = useT();
  const [frozen, setFrozen] = useState<readonly InspectionLogEntry[] | null>(null);
  const [clearedUpTo, setClearedUpTo] = useState(0);
  const [actorId, setActorId] = useState(ALL);
  const latestSeq = log.at(-1)?.seq ?? 0;
  const shownLog = frozen ?? log;
  const newWhilePaused = frozen ? latestSeq - (frozen.at(-1)?.seq ?? clearedUpTo) : 0;

  const entries = useMemo(
    () =>
      shownLog
        .filter((entry) => entry.seq > clearedUpTo)
        .filter((entry) => actorId === ALL || entry.targetId === actorId || entry.sourceId === actorId)
        .reverse(),
    [shownLog, clearedUpTo, actorId],
  );

  return (
    <section aria-label={t('inspector.log.title')} style={{ display: 'flex', flexDirection: 'column', gap: 8, minHeight: 0 }}>
      <H5 style={{ margin: 0 }}>{t('inspector.log.title')}</H5>
      <div style={{ display: 'flex', gap: 8, alignItems: 'center', flexWrap: 'wrap' }}>
        <ButtonGroup>
          <Button
            icon={frozen ? 'play' : 'pause'}
            text={t(frozen ? 'inspector.log.resume' : 'inspector.log.pause')}
            onClick={() => setFrozen(frozen ? null : log)}
          />
          <Button icon="trash" text={t('inspector.log.clear')} onClick={() => setClearedUpTo(latestSeq)} />
        </ButtonGroup>
        <HTMLSelect
          aria-label={t('inspector.log.filter')}
          value={actorId}
          onChange={(event) => setActorId(event.currentTarget.value)}
          options={[
            { value: ALL, label: t('inspector.log.all_actors') },
            ...actors.map((actor) => ({ value: actor.sessionId, label: `${actor.name} (${actor.sessionId})` })),
          ]}
        />
      </div>
      {frozen && newWhilePaused > 0 && (
        <Callout intent={Intent.WARNING} compact>
          {t('inspector.log.paused_count', { count: newWhilePaused })}
        </Callout>
      )}
      {entries.length === 0 ? (
        <p data-testid="inspector-log-empty" style={{ opacity: 0.7 }}>
          {t('inspector.log.empty')}
        </p>
      ) : (
        <ol data-testid="inspector-log" style={{ listStyle: 'none', margin: 0, padding: 0, overflow: 'auto', flex: 1 }}>
          {entries.map((entry) => (
            <EventLogRow key={entry.seq} entry={entry} />
          ))}
        </ol>
      )}
    </section>
  );
}
