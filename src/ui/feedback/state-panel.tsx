import { NonIdealState, type NonIdealStateProps } from '@blueprintjs/core';

export interface StatePanelProps extends NonIdealStateProps {
  /** `data-testid` for browser tests; NonIdealState itself does not forward extra attributes. */
  testId: string;
}

/** NonIdealState with a test id and the full height of its container, for empty, error and loading states. */
export function StatePanel({ testId, ...props }: StatePanelProps) {
  return (
    <div data-testid={testId} role="status" style={{ height: '100%', minHeight: 240 }}>
      <NonIdealState {...props} />
    </div>
  );
}
