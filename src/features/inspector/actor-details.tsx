import { Button, Classes, Code, Collapse, Pre } from '@blueprintjs/core';
import { useMemo, useState } from 'react';
import { sanitize } from '../../shell/inspection/sanitize';
import type { InspectedActor } from '../../shell/inspection/inspection-types';
import { useT } from '../../i18n/use-t';
import { ActorStatusTag } from './actor-status-tag';

interface SnapshotView {
  value?: unknown;
  context?: unknown;
  output?: unknown;
  error?: unknown;
}

const json = (value: unknown) => JSON.stringify(sanitize(value), null, 2) ?? String(value);

/**
 * The selected actor's status, current state value and (on request) its sanitised context, or for
 * an actor without states its output or error. Context is closed by default: it can be large, and
 * sanitising it on every snapshot would cost for nothing while nobody reads it.
 */
export function ActorDetails({ actor }: { actor: InspectedActor }) {
  const t = useT();
  const [open, setOpen] = useState(false);
  const { machine, snapshot: raw } = actor;
  const snapshot = (raw ?? {}) as SnapshotView;
  const text = useMemo(() => {
    if (!open) return '';
    const shown = (raw ?? {}) as SnapshotView;
    return json(machine ? shown.context : { output: shown.output, error: shown.error });
  }, [open, machine, raw]);
  return (
    <section data-testid="inspector-actor-details" style={{ display: 'flex', flexDirection: 'column', gap: 6 }}>
      <div style={{ display: 'flex', alignItems: 'center', gap: 8, flexWrap: 'wrap' }}>
        <strong>{actor.name}</strong>
        <span className={Classes.TEXT_MUTED}>{actor.sessionId}</span>
        <ActorStatusTag status={actor.status} />
        {actor.machine && snapshot.value !== undefined && (
          <>
            <span className={Classes.TEXT_MUTED}>{t('inspector.details.state')}</span>
            <Code data-testid="inspector-state-value">{JSON.stringify(snapshot.value)}</Code>
          </>
        )}
        <Button
          size="small"
          variant="minimal"
          icon={open ? 'chevron-up' : 'chevron-down'}
          aria-expanded={open}
          text={t(actor.machine ? 'inspector.details.context' : 'inspector.details.snapshot')}
          onClick={() => setOpen((value) => !value)}
        />
      </div>
      <Collapse isOpen={open}>
        <Pre data-testid="inspector-context" style={{ maxHeight: 240, overflow: 'auto', margin: 0 }}>
          {text}
        </Pre>
      </Collapse>
    </section>
  );
}
