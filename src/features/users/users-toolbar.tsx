import { Button } from '@blueprintjs/core';
import { useState } from 'react';
import { USER_PATHS, type userContract } from '../../api/contracts/user.contract';
import type { ListQuery } from '../../api/resources/resource-contract';
import { ExportButton } from '../../ui/import/export-button';
import { useT } from '../../i18n/use-t';
import { ExtensionsDialog } from './extensions-dialog';

/**
 * Buttons left of the list's column settings: export (a new tab with the list's search, filters and
 * sort, specification §7) and the company's extensions.
 */
export function UsersToolbar({ query }: { query: ListQuery<typeof userContract> }) {
  const t = useT();
  const [extensionsOpen, setExtensionsOpen] = useState(false);
  return (
    <>
      <ExportButton purpose="users-export" path={USER_PATHS.export} query={query} />
      <Button icon="phone" data-testid="users-extensions" text={t('user.extensions')} onClick={() => setExtensionsOpen(true)} />
      <ExtensionsDialog isOpen={extensionsOpen} onClose={() => setExtensionsOpen(false)} />
    </>
  );
}
