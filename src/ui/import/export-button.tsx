import { Button } from '@blueprintjs/core';
import type { DownloadPurpose } from '../../api/contracts/download.contract';
import { compactQuery } from '../../api/resources/resource-keys';
import { useT } from '../../i18n/use-t';
import { openDownload } from './open-download';

export interface ExportButtonProps {
  purpose: DownloadPurpose;
  /** The export's path under /api/v1, e.g. `member/export`. */
  path: string;
  /** The list's query: search, filters and sort go along; the page does not (every match is exported). */
  query: Record<string, unknown>;
}

const NOT_EXPORTED = new Set(['page', 'per_page']);

/** "Export to Excel": opens the export in a new tab with the list's filters as query parameters. */
export function ExportButton({ purpose, path, query }: ExportButtonProps) {
  const t = useT();
  const params: Record<string, string> = {};
  for (const [key, value] of Object.entries(compactQuery(query))) if (!NOT_EXPORTED.has(key)) params[key] = String(value);
  return <Button icon="export" data-testid="export-button" text={t('export.button')} onClick={() => void openDownload(purpose, path, params)} />;
}
