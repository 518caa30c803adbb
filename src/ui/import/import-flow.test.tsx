import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { SWRConfig } from 'swr';
import type { ImportPreview, ImportStatus } from '../../api/contracts/import.contract';
import { http } from '../../api/http';
import { renderWithProviders } from '../testing/render-with-providers';
import { ImportFlow } from './import-flow';

vi.mock('../../api/http', () => ({ http: { post: vi.fn() } }));

const PREVIEW: ImportPreview = {
  import_id: '0b6f3f3e-8f5e-4d38-9d4a-2f3e4f5a6b7c',
  file_name: 'members.xlsx',
  headers: ['tel', 'Name', 'Memo'],
  rows: [['010-1234-5678', '홍길동', 'x']],
  total_rows: 2,
  fields: [
    { key: 'name', label: 'Name', required: true },
    { key: 'phone_number', label: 'Phone number', required: true },
  ],
  mapping: { name: 1, phone_number: null },
};

const status = (patch: Partial<ImportStatus>): ImportStatus => ({
  import_id: PREVIEW.import_id,
  entity: 'member',
  file_name: 'members.xlsx',
  status: 'importing',
  total_rows: 2,
  processed: 0,
  inserted: 0,
  failed: 0,
  errors: [],
  errors_truncated: false,
  message: null,
  elapsed_ms: 0,
  parse_ms: null,
  resume_row: null,
  interrupted_at: null,
  ...patch,
});

const axiosError = (statusCode: number, data: unknown) => ({ isAxiosError: true, message: `status ${statusCode}`, response: { status: statusCode, data } });
const xlsx = (name: string) => new File([new Uint8Array([0x50, 0x4b, 3, 4])], name, { type: 'application/octet-stream' });

function renderFlow() {
  return renderWithProviders(
    <SWRConfig value={{ provider: () => new Map(), dedupingInterval: 0, shouldRetryOnError: false }}>
      <ImportFlow entity="member" />
    </SWRConfig>,
  );
}

afterEach(() => vi.mocked(http.post).mockReset());

describe('ImportFlow', () => {
  it('refuses a .csv at once with the message of specification §5, without sending it', async () => {
    renderFlow();
    await userEvent.upload(screen.getByTestId('import-file'), xlsx('members.csv'), { applyAccept: false });
    expect(screen.getByTestId('import-file-errors')).toHaveTextContent('Member import accepts only .xlsx files.');
    await userEvent.click(screen.getByTestId('import-upload-submit'));
    expect(http.post).not.toHaveBeenCalledWith('member/import', expect.anything(), expect.anything());
  });

  it('shows the server’s refusal under the file input', async () => {
    vi.mocked(http.post).mockRejectedValue(axiosError(422, { message: 'x', errors: { file: ['Member import accepts only .xlsx files.'] } }));
    renderFlow();
    await userEvent.upload(screen.getByTestId('import-file'), xlsx('renamed.xlsx'));
    await userEvent.click(screen.getByTestId('import-upload-submit'));
    await waitFor(() => expect(screen.getByTestId('import-file-errors')).toHaveTextContent('Member import accepts only .xlsx files.'));
  });

  it('previews, asks for the missing required column, then follows the progress to the per-row errors', async () => {
    let done = false;
    vi.mocked(http.post).mockImplementation(async (path: string) => {
      if (path === 'member/import') return { data: PREVIEW };
      if (path.endsWith('/commit')) return { data: status({ status: 'queued' }) };
      if (path.endsWith('/status')) {
        return {
          data: done
            ? status({ status: 'done', processed: 2, inserted: 1, failed: 1, errors: [{ row: 3, field: 'phone_number', column: 'tel', message: 'Please enter a phone number.' }] })
            : status({ processed: 1 }),
        };
      }
      throw axiosError(404, {});
    });
    renderFlow();
    await userEvent.upload(screen.getByTestId('import-file'), xlsx('members.xlsx'));
    await userEvent.click(screen.getByTestId('import-upload-submit'));

    await screen.findByTestId('import-mapping');
    expect(screen.getByTestId('import-summary')).toHaveTextContent('members.xlsx: 2 rows under the header.');
    expect(within(screen.getByTestId('import-preview-table')).getByText('홍길동')).toBeInTheDocument();
    expect(screen.getByTestId('import-start')).toBeDisabled();
    await userEvent.selectOptions(screen.getByTestId('mapping-phone_number'), '0');
    expect(screen.getByTestId('import-start')).toBeEnabled();
    await userEvent.click(screen.getByTestId('import-start'));
    expect(http.post).toHaveBeenCalledWith(`member/import/${PREVIEW.import_id}/commit`, { mapping: { name: 1, phone_number: 0 } });

    await waitFor(() => expect(screen.getByTestId('import-counts')).toHaveTextContent('1 of 2 rows'));
    done = true;
    await waitFor(() => expect(screen.getByTestId('import-progress')).toHaveAttribute('data-status', 'done'), { timeout: 3000 });
    expect(screen.getByTestId('import-result')).toHaveTextContent('1 row imported, 1 row refused.');
    expect(screen.getAllByTestId('import-error-row')[0]).toHaveTextContent('3telPlease enter a phone number.');
    expect(screen.getByTestId('import-error-report')).toBeInTheDocument();
  });

  it('puts a mapping refused by the server under its field', async () => {
    vi.mocked(http.post).mockImplementation(async (path: string) => {
      if (path === 'member/import') return { data: { ...PREVIEW, mapping: { name: 1, phone_number: 0 } } };
      throw axiosError(422, { message: 'x', errors: { 'mapping.phone_number': ['This column is already used for another field.'] } });
    });
    renderFlow();
    await userEvent.upload(screen.getByTestId('import-file'), xlsx('members.xlsx'));
    await userEvent.click(screen.getByTestId('import-upload-submit'));
    await userEvent.click(await screen.findByTestId('import-start'));
    expect(await screen.findByText('This column is already used for another field.')).toBeInTheDocument();
  });

  describe('an import a stopped server cut short', () => {
    const INTERRUPTED = status({
      status: 'interrupted',
      total_rows: 3000,
      processed: 1000,
      inserted: 998,
      failed: 2,
      resume_row: 1002,
      interrupted_at: '2025-05-03T05:02:00.000Z',
      message: 'The server stopped during this import: 1,000 of 3,000 rows had gone in by then (998 imported), and they stay saved.',
    });
    const sent = (path: string) => vi.mocked(http.post).mock.calls.find(([p]) => p === path)?.[1] as FormData | undefined;

    it('follows the progress into the interrupted state and resumes with the same file', async () => {
      let resumed = false;
      vi.mocked(http.post).mockImplementation(async (path: string) => {
        if (path === 'member/import/interrupted') return { data: { data: [] } };
        if (path === 'member/import') return { data: PREVIEW };
        if (path.endsWith('/commit')) return { data: status({ status: 'importing', total_rows: 3000, processed: 500 }) };
        if (path.endsWith('/resume')) {
          resumed = true;
          return { data: status({ status: 'queued', total_rows: 3000, processed: 1000, inserted: 998, failed: 2 }) };
        }
        if (path.endsWith('/status')) return { data: resumed ? status({ status: 'done', total_rows: 3000, processed: 3000, inserted: 2994, failed: 6 }) : INTERRUPTED };
        throw axiosError(404, {});
      });
      renderFlow();
      await userEvent.upload(screen.getByTestId('import-file'), xlsx('members.xlsx'));
      await userEvent.click(screen.getByTestId('import-upload-submit'));
      await userEvent.selectOptions(await screen.findByTestId('mapping-phone_number'), '0');
      await userEvent.click(screen.getByTestId('import-start'));

      const notice = await screen.findByTestId('import-interrupted', {}, { timeout: 3000 });
      expect(screen.getByTestId('import-progress')).toHaveAttribute('data-status', 'interrupted');
      expect(screen.getByTestId('import-status')).toHaveTextContent('Cut short.');
      expect(within(notice).getByTestId('import-interrupted-message')).toHaveTextContent('1,000 of 3,000 rows had gone in by then (998 imported)');
      expect(within(notice).getByText('Import cut short: members.xlsx')).toBeInTheDocument();
      expect(screen.queryByTestId('import-result')).not.toBeInTheDocument();

      // The server keeps no copy of the file: resuming asks for it again.
      await userEvent.click(within(notice).getByTestId('import-resume'));
      expect(within(notice).getByTestId('import-resume-errors')).toHaveTextContent('Please choose a file.');
      await userEvent.upload(within(notice).getByTestId('import-resume-file'), xlsx('members.xlsx'));
      expect(within(notice).getByTestId('import-resume')).toHaveTextContent('Resume from row 1,002');
      await userEvent.click(within(notice).getByTestId('import-resume'));
      expect((sent(`member/import/${PREVIEW.import_id}/resume`)?.get('file') as File).name).toBe('members.xlsx');

      await waitFor(() => expect(screen.getByTestId('import-progress')).toHaveAttribute('data-status', 'done'), { timeout: 3000 });
      expect(screen.queryByTestId('import-interrupted')).not.toBeInTheDocument();
      expect(screen.getByTestId('import-result')).toHaveTextContent('2,994 rows imported, 6 rows refused.');
    });

    it('shows the server’s refusal of another file under the resume file input', async () => {
      vi.mocked(http.post).mockImplementation(async (path: string) => {
        if (path === 'member/import/interrupted') return { data: { data: [INTERRUPTED] } };
        if (path.endsWith('/resume')) throw axiosError(422, { message: 'x', errors: { file: ['This is not the file that was being imported.'] } });
        throw axiosError(404, {});
      });
      renderFlow();
      const notice = await screen.findByTestId('import-interrupted');
      await userEvent.upload(within(notice).getByTestId('import-resume-file'), xlsx('other.xlsx'));
      await userEvent.click(within(notice).getByTestId('import-resume'));
      expect(await within(notice).findByTestId('import-resume-errors')).toHaveTextContent('This is not the file that was being imported.');
    });

    it('starts over only after saying the committed rows stay and would be added again', async () => {
      vi.mocked(http.post).mockImplementation(async (path: string) => {
        if (path === 'member/import/interrupted') return { data: { data: [INTERRUPTED] } };
        if (path === 'member/import') return { data: PREVIEW };
        throw axiosError(404, {});
      });
      renderFlow();
      const notice = await screen.findByTestId('import-interrupted');
      await userEvent.click(within(notice).getByTestId('import-start-over'));
      expect(await screen.findByTestId('import-start-over-message')).toHaveTextContent(
        'The 998 rows that went in from members.xlsx before the server stopped stay saved. Importing the file again from its first row adds them a second time.',
      );
      // Cancel changes nothing.
      await userEvent.click(screen.getByTestId('import-start-over-cancel'));
      await waitFor(() => expect(screen.queryByTestId('import-start-over-message')).not.toBeInTheDocument());
      expect(screen.getByTestId('import-interrupted')).toBeInTheDocument();

      await userEvent.click(screen.getByTestId('import-start-over'));
      await userEvent.click(await screen.findByTestId('import-start-over-confirm'));
      expect(await screen.findByTestId('import-start-over-note')).toHaveTextContent('the 998 rows that went in before stay, so they will be there twice');
      expect(screen.queryByTestId('import-interrupted')).not.toBeInTheDocument();
      await userEvent.upload(screen.getByTestId('import-file'), xlsx('members.xlsx'));
      await userEvent.click(screen.getByTestId('import-upload-submit'));
      await screen.findByTestId('import-mapping');
      expect(sent('member/import')?.get('start_over')).toBe(PREVIEW.import_id);
    });

    it('can only discard the interrupted import, after the same question', async () => {
      let discarded = false;
      vi.mocked(http.post).mockImplementation(async (path: string) => {
        if (path === 'member/import/interrupted') return { data: { data: discarded ? [] : [INTERRUPTED] } };
        if (path.endsWith('/discard')) {
          discarded = true;
          return { data: { result: 'success' } };
        }
        throw axiosError(404, {});
      });
      renderFlow();
      await userEvent.click(within(await screen.findByTestId('import-interrupted')).getByTestId('import-start-over'));
      await userEvent.click(await screen.findByTestId('import-discard'));
      expect(http.post).toHaveBeenCalledWith(`member/import/${PREVIEW.import_id}/discard`);
      await waitFor(() => expect(screen.queryByTestId('import-interrupted')).not.toBeInTheDocument());
      expect(screen.queryByTestId('import-start-over-note')).not.toBeInTheDocument();
    });
  });
});
