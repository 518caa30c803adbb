import { Classes, H2 } from '@blueprintjs/core';
import type { ReactNode } from 'react';
import { useT } from '../../i18n/use-t';
import type { MessageId } from '../../i18n/message-ids';

export interface PageFrameProps {
  titleId: MessageId;
  /** Buttons at the right of the title. */
  actions?: ReactNode;
  children: ReactNode;
}

/** The heading and padding every full page shares. */
export function PageFrame({ titleId, actions, children }: PageFrameProps) {
  const t = useT();
  return (
    <section style={{ padding: 20, display: 'flex', flexDirection: 'column', gap: 16, minHeight: '100%' }}>
      <header style={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: 12 }}>
        <H2 className={Classes.HEADING} style={{ margin: 0 }}>
          {t(titleId)}
        </H2>
        {actions}
      </header>
      {children}
    </section>
  );
}
