import { Button } from '@blueprintjs/core';
import { useNavigate } from 'react-router-dom';
import { useT } from '../../i18n/use-t';

/** "Import from Excel" beside a list's export button: goes to the entity's import screen. */
export function ImportLinkButton({ to }: { to: string }) {
  const t = useT();
  const navigate = useNavigate();
  return <Button icon="import" data-testid="import-link" text={t('import.open')} onClick={() => void navigate(to)} />;
}
