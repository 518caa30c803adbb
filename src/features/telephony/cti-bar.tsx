import { useRef } from 'react';
import { Classes } from '@blueprintjs/core';
import { useUserInfo } from '../../shell/session/session-selectors';
import { ctiCommand, mayUse } from '../../shell/telephony/cti-commands';
import { selectRole } from '../../shell/telephony/phone-view.selectors';
import { usePhone, useTelephonyRoot } from '../../shell/telephony/use-phone';
import { useT } from '../../i18n/use-t';
import { usePublishBottom } from '../../ui/layout/use-publish-bottom';
import { AgentStateConfirmDialog } from './agent-state-confirm-dialog';
import { AgentStateToggles } from './agent-state-toggles';
import { CallAlerts } from './call-alerts';
import { CallList } from './call-list';
import { AgentErrorNotice, PhoneFailedNotice } from './cti-bar-notices';
import { DialPadButton, DialPadDialog } from './dial-pad';
import { ExtensionBadge } from './extension-badge';
import { ForwardingButton, ForwardingDialog } from './forwarding-dialog';
import { RegistrationIndicator } from './registration-indicator';
import { ringer } from './ring-sound';
import { BarCommandButton } from './bar-command-button';
import { ShortcutHelpButton } from './shortcut-help';
import { SuperviseButton, SuperviseDialog } from './supervise-dialog';
import { useReopenEndedCallDrafts } from './use-reopen-ended-call-drafts';
import { useTelephonyShortcuts } from './use-telephony-shortcuts';

/**
 * The CTI bar under the shell's header, for users with an extension (a telephony root exists): the
 * extension and its status label, registration, agent states, DND, forwarding, dial pad, supervision
 * for managers, and the current calls. Everything is drawn from this window's phone view, so a
 * follower tab shows and does exactly what the leader tab does.
 */
export function CtiBar() {
  const userInfo = useUserInfo();
  const root = useTelephonyRoot();
  if (!root || !userInfo?.extension) return null;
  return <CtiBarContent extension={userInfo.extension} mayForward={mayUse(ctiCommand('forwarding'), userInfo)} />;
}

function CtiBarContent({ extension, mayForward }: { extension: string; mayForward: boolean }) {
  const t = useT();
  const role = usePhone(selectRole);
  useTelephonyShortcuts();
  useReopenEndedCallDrafts(extension);
  const bar = useRef<HTMLElement>(null);
  // In-page pop-ups open below the bar, so its call rows stay in sight (popup-dialog.css).
  usePublishBottom(bar, 'cti-bar-bottom');
  return (
    <section
      ref={bar}
      data-testid="cti-bar"
      data-role={role}
      aria-label={t('cti.bar')}
      className={Classes.ELEVATION_0}
      // Any click in the bar is a user gesture: let the ring's audio start later from a socket event.
      onPointerDown={() => ringer.prime()}
      style={{ display: 'flex', flexDirection: 'column', gap: 4, padding: '4px 12px' }}
    >
      <div style={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 10 }}>
        <ExtensionBadge fallbackExtension={extension} />
        <RegistrationIndicator />
        <AgentStateToggles />
        <ForwardingButton />
        <DialPadButton />
        <SuperviseButton />
        <BarCommandButton name="worktime" testId="worktime-button" />
        <AgentErrorNotice />
        <PhoneFailedNotice />
        <span style={{ flex: 1 }} />
        <CallAlerts />
        <ShortcutHelpButton />
      </div>
      <CallList />
      <AgentStateConfirmDialog />
      {mayForward && <ForwardingDialog />}
      <DialPadDialog />
      <SuperviseDialog />
    </section>
  );
}
