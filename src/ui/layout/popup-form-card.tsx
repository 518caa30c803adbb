import { Card } from '@blueprintjs/core';
import { useRef, type ReactNode } from 'react';
import { useFocusFirstFieldOnce } from '../focus/use-focus-first-field-once';
import './popup-form-card.css';

/**
 * The card a form pop-up (add member, add user, custom fields, edit consultation) draws its form in: it
 * starts in the first field, and Save/Cancel stay in sight while a long form scrolls (popup-form-card.css).
 */
export function PopupFormCard({ testId, children }: { testId: string; children: ReactNode }) {
  const ref = useRef<HTMLDivElement>(null);
  useFocusFirstFieldOnce(ref);
  return (
    <Card ref={ref} className="popup-form-card" data-testid={testId} style={{ margin: 16 }}>
      {children}
    </Card>
  );
}
