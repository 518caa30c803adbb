import { useCallback } from 'react';
import { useT } from '../../../i18n/use-t';
import type { EdgeTextFormatter } from './elk-layout';

/**
 * Edge labels in the interface language. Event types and guard names are the machine's own identifiers
 * and stay as they are; only the words the inspector adds (always, after, done, error) are translated.
 * Stable per language, so a layout is computed once per machine and language (use-machine-layout.ts).
 */
export function useEdgeText(): EdgeTextFormatter {
  const t = useT();
  return useCallback<EdgeTextFormatter>(
    ({ label, guard }) => {
      let text: string;
      switch (label.kind) {
        case 'event':
          text = label.eventType;
          break;
        case 'always':
          text = t('inspector.edge.always');
          break;
        case 'after':
          text = t('inspector.edge.after', { delay: label.delay });
          break;
        case 'invokeDone':
          text = t('inspector.edge.invoke_done', { actor: label.actor });
          break;
        case 'invokeError':
          text = t('inspector.edge.invoke_error', { actor: label.actor });
          break;
        case 'stateDone':
          text = t('inspector.edge.state_done');
          break;
      }
      return guard ? `${text} [${guard}]` : text;
    },
    [t],
  );
}
