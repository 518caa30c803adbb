import { useSearchParams } from 'react-router-dom';
import { RoutingApplyBar } from '../../ui/routing/routing-apply-bar';
import { RoutingFlowView } from './routing-flow-view';
import { RoutingSimulator } from './routing-simulator';
import './routing-simulate.css';

/**
 * /configuration/inbound/simulate (docs/routing.md "What happens to this call?"): the simulator over the
 * staged routing, and below it the flow view of that routing; the Apply bar above says whether what is
 * tested is live yet. `?to=` fills in the number dialled (the inbound numbers' "Test a call").
 */
export default function RoutingSimulateScreen() {
  const [params] = useSearchParams();
  return (
    <div className="routing-simulate" data-testid="routing-simulate-screen">
      <RoutingApplyBar />
      <RoutingSimulator initialTo={params.get('to') ?? ''} />
      <RoutingFlowView />
    </div>
  );
}
