import { Button, Classes, Code, Pre } from '@blueprintjs/core';
import { useState } from 'react';
import type { InspectionLogEntry } from '../../shell/inspection/inspection-types';
import { formatTime } from '../../i18n/dates';
import { useT } from '../../i18n/use-t';

/** One logged event: time, type, source → target; the (already sanitised) payload on expand. */
export function EventLogRow({ entry }: { entry: InspectionLogEntry }) {
  const t = useT();
  const [open, setOpen] = useState(false);
  const hasPayload = entry.payload !== null;
  return (
    <li data-testid="inspector-log-entry" data-seq={entry.seq} style={{ padding: '2px 0', borderBottom: '1px solid rgba(143,153,168,0.15)' }}>
      <div style={{ display: 'flex', alignItems: 'center', gap: 6, minWidth: 0 }}>
        <Button
          size="small"
          variant="minimal"
          icon={open ? 'caret-down' : 'caret-right'}
          disabled={!hasPayload}
          aria-expanded={open}
          aria-label={t(hasPayload ? 'inspector.log.payload' : 'inspector.log.no_payload')}
          onClick={() => setOpen((value) => !value)}
        />
        <span className={Classes.TEXT_MUTED} style={{ fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' }}>
          {formatTime(entry.at)}
        </span>
        <Code data-testid="inspector-log-type">{entry.type}</Code>
        <span className={Classes.TEXT_OVERFLOW_ELLIPSIS} title={`${entry.sourceId ?? ''} → ${entry.targetId}`}>
          {entry.sourceName ?? t('inspector.log.outside')} → {entry.targetName}
        </span>
      </div>
      {open && hasPayload && (
        <Pre data-testid="inspector-log-payload" style={{ margin: '4px 0 4px 30px', maxHeight: 200, overflow: 'auto' }}>
          {JSON.stringify(entry.payload, null, 2)}
        </Pre>
      )}
    </li>
  );
}
