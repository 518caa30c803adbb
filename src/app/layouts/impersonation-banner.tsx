import { Button, Callout, Intent } from '@blueprintjs/core';
import { useT } from '../../i18n/use-t';
import { returnToAdmin, useImpersonatedBy, useIsSwitchingUser, useUserInfo } from '../../shell/session/session-selectors';

/**
 * While the platform administrator works as another user (login-as, specification §6), every page says
 * so and offers the way back to their own session (docs/administration.md). Nothing for anyone else.
 */
export function ImpersonationBanner() {
  const t = useT();
  const impersonatedBy = useImpersonatedBy();
  const user = useUserInfo();
  const switching = useIsSwitchingUser();
  if (!impersonatedBy || !user) return null;
  return (
    <Callout
      data-testid="impersonation-banner"
      role="status"
      intent={Intent.WARNING}
      icon="person"
      compact
      style={{ display: 'flex', alignItems: 'center', gap: 12, borderRadius: 0 }}
    >
      <span style={{ flex: 1 }}>{t('impersonation.banner', { name: `${user.user.name} (${user.user.username})` })}</span>
      <Button data-testid="impersonation-back" small intent={Intent.PRIMARY} icon="log-out" loading={switching} text={t('impersonation.back')} onClick={returnToAdmin} />
    </Callout>
  );
}
