import type { EntityViewOverrides } from '../../ui/resource/entity-view';
import { RoutingApplyBar } from '../../ui/routing/routing-apply-bar';

/**
 * What the routing lists (inbound numbers, IVRs, ring groups, callback groups) add to their derived
 * lists: the Apply bar above them, saying what is staged and applying it (docs/routing.md "Apply").
 */
export const routingView: EntityViewOverrides = {
  slots: { above: () => <RoutingApplyBar /> },
};
