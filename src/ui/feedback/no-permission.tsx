import { StatePanel } from './state-panel';
import { useT } from '../../i18n/use-t';

/** Shown instead of a screen whose permission, company permission or role the user lacks. */
export function NoPermission() {
  const t = useT();
  return (
    <StatePanel
      testId="no-permission"
      icon="lock"
      title={t('no_permission.title')}
      description={t('no_permission.description')}
    />
  );
}
