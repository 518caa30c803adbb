// The company's applied inbound routing as a PBX that routes calls from its own configuration takes it
// (docs/routing.md "Apply"; `StagedRouting` of services/routing/routing-config.ts fits it). Types only:
// the telephony layer reads the routing, it never loads it.

import type { RoutingConfig } from '../../../src/api/routing/route-call';
import type { RouteTarget } from '../../../src/api/routing/routing.contract';

export interface AppliedRouting {
  routing: RoutingConfig;
  ringGroups: readonly {
    number: string;
    strategy: string;
    members: readonly string[];
    ring_time_s?: number | null;
    no_answer_destination?: RouteTarget | null;
  }[];
  callbackGroups: readonly { number: string }[];
}

export interface RoutingLoad {
  /** The company's dialplan context prefix: its `dcontext`, or one made from its id. */
  prefix: string;
  applied: AppliedRouting;
}
