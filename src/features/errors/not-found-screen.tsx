import { Button, Intent } from '@blueprintjs/core';
import { useNavigate } from 'react-router-dom';
import { StatePanel } from '../../ui/feedback/state-panel';
import { useT } from '../../i18n/use-t';

/** /404. "Home" is `/`, which leads to /login, which sends a signed-in user on to their dashboard. */
export default function NotFoundScreen() {
  const t = useT();
  const navigate = useNavigate();
  return (
    <StatePanel
      testId="not-found"
      icon="search"
      title={t('not_found.title')}
      description={t('not_found.description')}
      action={<Button intent={Intent.PRIMARY} icon="home" onClick={() => navigate('/')} text={t('not_found.home')} />}
    />
  );
}
