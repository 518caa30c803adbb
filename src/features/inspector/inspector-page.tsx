import { inspectionBus } from '../../shell/inspection/inspection-bus';
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
export default function InspectorPage() {
  const userInfo = useUserInfo();
  if (!canOpenInspector(userInfo, import.meta.env.DEV)) return <NoPermission />;
  return (
    <PageFrame titleId="route.inspector" actions={<StatelyButton />}>
      <div data-testid="inspector-page" style={{ display: 'contents' }}>
        <InspectorView bus={inspectionBus} />
      </div>
    </PageFrame>
  );
}
