import { Card, Classes, Elevation, H3 } from '@blueprintjs/core';
import { LoginForm } from './login-form';
import { sessionActor } from '../../shell/session/session-actor';
import { useLoginError, useSessionPhase } from '../../shell/session/session-selectors';
import { useT } from '../../i18n/use-t';

/** /login. Where the user goes afterwards is the session machine's business (redirectAfterLogin). */
export default function LoginScreen() {
  const t = useT();
  const phase = useSessionPhase();
  const loginError = useLoginError();
  return (
    <div style={{ display: 'flex', justifyContent: 'center', padding: '10vh 16px' }}>
      <Card elevation={Elevation.TWO} style={{ width: '100%', maxWidth: 400 }}>
        <H3>{t('login.title')}</H3>
        <p className={Classes.TEXT_MUTED}>{t('login.subtitle')}</p>
        <LoginForm
          loginError={loginError}
          busy={phase === 'signingIn'}
          onSubmit={({ username, password }) =>
            sessionActor.send({ type: 'LOGIN', method: 'password', username, password })
          }
        />
      </Card>
    </div>
  );
}
