import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import type { PopupLink } from './dashboard-links';

/**
 * A dashboard number: a link to the list behind it (opened already narrowed), a report pop-up on the
 * number's query, or plain text for a user who may not open either.
 */
export function NumberLink({ to, testId, children }: { to: string | PopupLink | null; testId: string; children: ReactNode }) {
  if (!to) return <span data-testid={testId}>{children}</span>;
  if (typeof to !== 'string') {
    return (
      <a
        href={to.href}
        data-testid={testId}
        style={{ fontWeight: 600 }}
        onClick={(event) => {
          // A plain click opens the report window; a modified one (new tab) follows the address.
          if (event.ctrlKey || event.metaKey || event.shiftKey || event.button !== 0) return;
          event.preventDefault();
          to.open();
        }}
      >
        {children}
      </a>
    );
  }
  return (
    <Link to={to} data-testid={testId} style={{ fontWeight: 600 }}>
      {children}
    </Link>
  );
}
