import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ImportPreview } from '../../api/contracts/import.contract';
import { http } from '../../api/http';
import { PopupContext, type PopupContextValue } from '../../shell/popups/popup-context';
import { closeAfterSaving } from '../../shell/popups/popup-toasts';
import { openDownload } from '../../ui/import/open-download';
import { renderWithFreshCache } from '../../ui/resource/testing/render-resource';
import AutoCallDeletePopup from './auto-call-delete-popup';
import AutoCallExportPopup from './auto-call-export-popup';
import AutoCallUploadPopup from './auto-call-upload-popup';
import { makeAutoCallCampaign } from '../../api/testing/auto-call-campaign';

vi.mock('../../api/http', () => ({ http: { post: vi.fn() } }));
vi.mock('../../ui/import/open-download', () => ({ openDownload: vi.fn(async () => {}) }));
vi.mock('../../shell/popups/popup-toasts', () => ({ closeAfterSaving: vi.fn() }));
vi.mock('../../ui/feedback/toaster', () => ({ showToast: vi.fn(async () => {}) }));

const campaign = (id: number, state: string) => makeAutoCallCampaign({ id, state: state as never });
const RESULTS = { machine: 0, busy: 0, success: 0, listen_hangup: 0, block: 0, dropcall: 0, no_answer: 0 };
const PREVIEW: ImportPreview = {
  import_id: '0b6f3f3e-8f5e-4d38-9d4a-2f3e4f5a6b7c',
  file_name: 'numbers.xlsx',
  headers: ['phone_number'],
  rows: [['010-1234-5678']],
  total_rows: 1,
  fields: [{ key: 'phone_number', label: 'Phone number', required: true }],
  mapping: { phone_number: 0 },
};

function serve(state = 'ready') {
  const calls: { path: string; body: unknown }[] = [];
  vi.mocked(http.post).mockImplementation((async (path: string, body?: unknown) => {
    calls.push({ path, body });
    if (path === 'auto-call/view') return { data: { data: campaign(7, state) } };
    if (path === 'auto-call/summary') return { data: { data: [{ campaign_id: 7, total: 3, pending: 3, results: RESULTS }] } };
    if (path === 'auto-call/data/delete') return { data: { deleted: 3 } };
    if (path === 'auto-call/import/interrupted') return { data: { data: [] } };
    if (path === 'auto-call/upload') return { data: PREVIEW };
    throw { isAxiosError: true, message: 'not found', response: { status: 404, data: {} } };
  }) as never);
  return calls;
}

function renderPopup(popupId: string, element: React.ReactElement, close = vi.fn()) {
  const popup: PopupContextValue = { popupId, presentation: 'window', params: {}, query: { campaign_id: '7' }, close };
  renderWithFreshCache(<PopupContext.Provider value={popup}>{element}</PopupContext.Provider>);
  return close;
}

beforeEach(() => {
  vi.mocked(http.post).mockReset();
  vi.mocked(openDownload).mockClear();
  vi.mocked(closeAfterSaving).mockClear();
});

it('delete: names the campaign and how many numbers go, then deletes them and closes', async () => {
  const calls = serve();
  renderPopup('delete-auto-call-system-data', <AutoCallDeletePopup />);
  expect(await screen.findByTestId('auto-call-delete-question')).toHaveTextContent('Delete all 3 numbers of “Spring sale”? This cannot be undone.');
  await userEvent.click(screen.getByTestId('auto-call-delete-confirm'));
  await waitFor(() => expect(closeAfterSaving).toHaveBeenCalledWith(expect.anything(), '3 numbers deleted.'));
  expect(calls).toContainEqual({ path: 'auto-call/data/delete', body: { campaign_id: 7 } });
});

it('delete: a running campaign’s numbers stay; the pop-up says why and offers no delete', async () => {
  const calls = serve('on_going');
  renderPopup('delete-public-auto-call-system-data', <AutoCallDeletePopup />);
  expect(await screen.findByTestId('auto-call-delete-locked')).toHaveTextContent('This campaign is running. Pause or cancel it before changing its numbers.');
  expect(screen.getByTestId('auto-call-delete-confirm')).toBeDisabled();
  expect(calls.some((c) => c.path === 'auto-call/data/delete')).toBe(false);
});

it('cancel closes the delete pop-up without deleting', async () => {
  const calls = serve();
  const close = renderPopup('delete-auto-call-system-data', <AutoCallDeletePopup />);
  await screen.findByTestId('auto-call-delete-question');
  await userEvent.click(screen.getByTestId('auto-call-delete-cancel'));
  expect(close).toHaveBeenCalled();
  expect(calls.some((c) => c.path === 'auto-call/data/delete')).toBe(false);
});

it('export: says how many numbers and opens the .xlsx of the campaign in a new tab', async () => {
  serve();
  renderPopup('export-auto-call-system-data', <AutoCallExportPopup />);
  await waitFor(() => expect(screen.getByTestId('auto-call-export-count')).toHaveTextContent('3 numbers, with their attempts and results.'));
  await userEvent.click(screen.getByTestId('auto-call-export-download'));
  expect(openDownload).toHaveBeenCalledWith('auto-call-numbers-export', 'auto-call/export', { campaign_id: 7 });
});

it('upload: sends the file with the campaign to auto-call/upload and goes on to the mapping preview', async () => {
  const calls = serve();
  renderPopup('upload-auto-call-system-data', <AutoCallUploadPopup />);
  expect(await screen.findByTestId('auto-call-upload-of')).toHaveTextContent('Upload numbers to Spring sale');
  await userEvent.upload(screen.getByTestId('import-file'), new File([new Uint8Array([0x50, 0x4b, 3, 4])], 'numbers.xlsx'));
  await userEvent.click(screen.getByTestId('import-upload-submit'));
  await screen.findByTestId('import-mapping');
  const sent = calls.find((c) => c.path === 'auto-call/upload')!.body as FormData;
  expect(sent.get('campaign_id')).toBe('7');
  expect((sent.get('file') as File).name).toBe('numbers.xlsx');
});

it('upload: a running campaign takes no numbers', async () => {
  serve('on_going');
  renderPopup('upload-auto-call-system-data', <AutoCallUploadPopup />);
  expect(await screen.findByTestId('auto-call-upload-locked')).toBeInTheDocument();
  expect(screen.queryByTestId('import-file')).not.toBeInTheDocument();
});

it('a pop-up for a campaign that is not the company’s says it is not found', async () => {
  vi.mocked(http.post).mockRejectedValue({ isAxiosError: true, message: 'not found', response: { status: 404, data: { error: true, message: 'No record found.' } } });
  renderPopup('delete-auto-call-system-data', <AutoCallDeletePopup />);
  expect(await screen.findByTestId('auto-call-campaign-not-found')).toBeInTheDocument();
});
