import { Button } from '@blueprintjs/core';
import { useState } from 'react';
import { useT } from '../../i18n/use-t';
import { ExtensionsDialog } from './extensions-dialog';

/**
 * The company's extensions, beside the list's own export (`users/export`, from the contract: a new tab
 * with the list's search, filters and sort, specification §7).
 */
export function UsersToolbar() {
  const t = useT();
  const [extensionsOpen, setExtensionsOpen] = useState(false);
  return (
    <>
      <Button icon="phone" data-testid="users-extensions" text={t('user.extensions')} onClick={() => setExtensionsOpen(true)} />
      <ExtensionsDialog isOpen={extensionsOpen} onClose={() => setExtensionsOpen(false)} />
    </>
  );
}
