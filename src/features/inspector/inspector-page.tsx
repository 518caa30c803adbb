import { useEffect } from 'react';
import { watchAutoCallRunTraces } from '../../api/auto-call/auto-call-run-client';
import { AUTO_CALL_ACCESS } from '../../api/contracts/auto-call.contract';
import { connectSessionSocket, type RealtimeConnection } from '../../api/realtime/socket';
import type { UserInfo } from '../../api/contracts/session.contract';
import { createAutoCallRunReplicas } from '../../shell/inspection/auto-call-run-replicas';
import { inspectionBus } from '../../shell/inspection/inspection-bus';
import { canAccess } from '../../shell/session/route-access';
import { useUserInfo } from '../../shell/session/session-selectors';
import { NoPermission } from '../../ui/feedback/no-permission';
import { PageFrame } from '../../ui/page/page-frame';
import { canOpenInspector } from './can-open-inspector';
import { InspectorView } from './inspector-view';
import { StatelyButton } from './stately-button';

/**
 * The statechart inspector (docs/inspector.md): live actors, the selected machine's graph with its
 * active states, and the event log, all drawn in the page without any external site. Default export:
 * the route table loads it lazily, which keeps elkjs out of the main bundle.
 *
 * The route's roles already keep others out; this check is the same rule once more, because the
 * development-build exception is decided here (the route table cannot know the user and the build at once).
 */
export default function InspectorPage({ connect = defaultConnect }: { connect?: () => RealtimeConnection }) {
  const userInfo = useUserInfo();
  useServerActors(userInfo, connect);
  if (!canOpenInspector(userInfo, import.meta.env.DEV)) return <NoPermission />;
  return (
    <PageFrame titleId="route.inspector" actions={<StatelyButton />}>
      <div data-testid="inspector-page" style={{ display: 'contents' }}>
        <InspectorView bus={inspectionBus} />
      </div>
    </PageFrame>
  );
}

const defaultConnect = () => connectSessionSocket();

/**
 * While the page is open, the company's auto-call runs (server actors) are on the bus as replicas that
 * follow every step of their machines (docs/inspector.md "Server actors"), for those who may see campaigns.
 */
function useServerActors(userInfo: UserInfo | null, connect: () => RealtimeConnection) {
  const allowed = canAccess(AUTO_CALL_ACCESS, userInfo);
  useEffect(() => {
    if (!allowed) return undefined;
    const replicas = createAutoCallRunReplicas(inspectionBus);
    const stop = watchAutoCallRunTraces(connect(), (trace) => replicas.apply(trace));
    return () => {
      stop();
      replicas.stop();
    };
  }, [allowed, connect]);
}
