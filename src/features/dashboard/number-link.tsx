import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';

/**
 * A dashboard number: a link to the list behind it (opened already narrowed), or plain text for a
 * user who may not open that list.
 */
export function NumberLink({ to, testId, children }: { to: string | null; testId: string; children: ReactNode }) {
  if (!to) return <span data-testid={testId}>{children}</span>;
  return (
    <Link to={to} data-testid={testId} style={{ fontWeight: 600 }}>
      {children}
    </Link>
  );
}
