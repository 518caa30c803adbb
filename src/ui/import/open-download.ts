import type { DownloadPurpose } from '../../api/contracts/download.contract';
import { downloadUrl, type DownloadParams } from '../../api/import-export-api';
import { showError } from '../feedback/error-store';

/**
 * Opens a download in a new tab (specification §7: exports and samples open in a new tab). The tab is
 * opened at once, inside the click, so no pop-up blocker stops it, and sent to the file once the
 * download token has arrived. Where no tab could be opened the file downloads in place: an attachment
 * does not navigate away from the page.
 */
export async function openDownload(purpose: DownloadPurpose, path: string, query?: DownloadParams, pathParams?: DownloadParams): Promise<void> {
  const tab = window.open('about:blank', '_blank');
  try {
    const url = await downloadUrl(purpose, path, query, pathParams);
    if (tab && !tab.closed) tab.location.href = url;
    else window.location.assign(url);
  } catch (err) {
    tab?.close();
    showError(err);
  }
}
