import { AnchorButton, Button } from '@blueprintjs/core';
import { useInRouterContext, useNavigate } from 'react-router-dom';
import { useT } from '../../i18n/use-t';

/**
 * "Import from Excel" beside a list's export button: goes to the entity's import screen. Lists also
 * render outside the router (pop-up dialogs, component tests), where a plain link does the same.
 */
export function ImportLinkButton({ to }: { to: string }) {
  return useInRouterContext() ? <RouterImportButton to={to} /> : <PlainImportLink to={to} />;
}

function RouterImportButton({ to }: { to: string }) {
  const t = useT();
  const navigate = useNavigate();
  return <Button icon="import" data-testid="import-link" text={t('import.open')} onClick={() => void navigate(to)} />;
}

function PlainImportLink({ to }: { to: string }) {
  const t = useT();
  return <AnchorButton icon="import" data-testid="import-link" text={t('import.open')} href={to} />;
}
