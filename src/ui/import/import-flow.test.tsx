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
    expect(http.post).not.toHaveBeenCalled();
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
});
