import { AnchorButton, Button } from '@blueprintjs/core';
import { useInRouterContext, useNavigate } from 'react-router-dom';
import { useT } from '../../i18n/use-t';
import type { EntityViewOverrides } from '../../ui/resource/entity-view';
import { routingView } from './routing.view';

/** Where "what happens to this call?" lives (src/app/routes.ts, Configuration › Inbound). */
export const ROUTING_SIMULATE_PATH = '/configuration/inbound/simulate';

/** The simulator's address with the number dialled filled in (its `?to=`). */
export const simulateCallPath = (to?: string) => (to ? `${ROUTING_SIMULATE_PATH}?to=${encodeURIComponent(to)}` : ROUTING_SIMULATE_PATH);

interface TestCallProps {
  /** The row's number; none for the toolbar's button. */
  to?: string;
}

/** Opens the simulator; from a row, with that number filled in. */
function TestCallButton({ to }: TestCallProps) {
  // The list is also drawn outside the app's router (the entity walk): a plain link there.
  return useInRouterContext() ? <NavigatingTestCallButton to={to} /> : <TestCallLink to={to} />;
}

function useTestCallLabels(to: string | undefined) {
  const t = useT();
  const text = t('inbound-number.toolbar.test_call');
  // On a row: the icon alone, named for screen readers with the row's number.
  const label = to === undefined ? undefined : t('inbound-number.row.test_call', { number: to });
  return { icon: 'flow-linear' as const, ...(label ? { variant: 'minimal' as const, 'aria-label': label, title: label } : { text }), 'data-testid': to === undefined ? 'inbound-number-test-call' : `inbound-number-test-call-${to}` };
}

function NavigatingTestCallButton({ to }: TestCallProps) {
  const navigate = useNavigate();
  return <Button {...useTestCallLabels(to)} onClick={() => navigate(simulateCallPath(to))} />;
}

function TestCallLink({ to }: TestCallProps) {
  return <AnchorButton {...useTestCallLabels(to)} href={simulateCallPath(to)} />;
}

/**
 * The inbound numbers' list: the routing lists' Apply bar, and "Test a call" (docs/routing.md "What happens
 * to this call?"): in the toolbar, and on each row with that row's number.
 */
export const inboundNumberView: EntityViewOverrides = {
  ...routingView,
  slots: { ...routingView.slots, toolbar: () => <TestCallButton /> },
  columns: {
    test_call: { key: 'test_call', labelId: 'inbound-number.column.test_call', render: (record) => <TestCallButton to={String(record.number)} /> },
  },
};
