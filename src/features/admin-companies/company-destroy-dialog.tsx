import { Button, Classes, Dialog, DialogBody, DialogFooter, Intent, ProgressBar } from '@blueprintjs/core';
import { useState } from 'react';
import useSWR, { useSWRConfig } from 'swr';
import {
  ADMIN_COMPANY_PATHS,
  dataDestroyStartedSchema,
  dataDestroyStatusSchema,
  type AdminCompany,
  type DataDestroyJob,
} from '../../api/contracts/admin-company.contract';
import { postParsed } from '../../api/post-parsed';
import { revalidateEverywhere } from '../../api/resources/use-resource-mutations';
import { useT } from '../../i18n/use-t';
import { showError } from '../../ui/feedback/error-store';
import { showToast } from '../../ui/feedback/toaster';
import { useDialogFocus } from '../../ui/focus/use-dialog-focus';
import { TextField } from '../../ui/forms/text-field';
import { companyDestroyRequests, useDestroyRequest } from './admin-companies.resource';

/** How often the progress of a running data destroy is read. */
export const PROGRESS_POLL_MS = 500;

const statusKey = (companyId: number) => [ADMIN_COMPANY_PATHS.dataDestroyStatus, { id: companyId }] as const;

function useDataDestroyStatus(companyId: number | null) {
  return useSWR(
    companyId === null ? null : statusKey(companyId),
    ([path, body]: readonly [string, object]) => postParsed(path, body, (answer) => dataDestroyStatusSchema.parse(answer).data),
    { refreshInterval: (job) => (job?.state === 'running' ? PROGRESS_POLL_MS : 0) },
  );
}

/** The job's progress: a bar while it runs, then what it did. */
function DestroyProgress({ job }: { job: DataDestroyJob }) {
  const t = useT();
  const share = job.total > 0 ? Math.min(1, job.deleted / job.total) : job.state === 'running' ? 0 : 1;
  return (
    <div data-testid="company-destroy-progress" data-state={job.state}>
      {job.state === 'running' && (
        <>
          <p>{t('admin_company.progress.running', { deleted: job.deleted.toLocaleString(), total: job.total.toLocaleString() })}</p>
          <ProgressBar value={share} intent={Intent.PRIMARY} />
          {job.current_table && <p className={Classes.TEXT_MUTED}>{t('admin_company.progress.table', { table: job.current_table })}</p>}
        </>
      )}
      {job.state === 'done' && (
        <>
          <ProgressBar value={1} intent={Intent.SUCCESS} animate={false} stripes={false} />
          <p>{t('admin_company.progress.done', { deleted: job.deleted.toLocaleString() })}</p>
        </>
      )}
      {job.state === 'failed' && <p>{t('admin_company.progress.failed')}</p>}
    </div>
  );
}

/**
 * The two destroys of a company (CONTRACT §14), each confirmed by typing the company's name. Deleting
 * the company takes it off the list; destroying its data starts the background job and shows its
 * progress here until it is done (closing the dialog leaves it running; opening it again shows it).
 */
export function CompanyDestroyDialog() {
  const request = useDestroyRequest();
  // A new key per request: the typed name starts empty each time.
  return request ? <DestroyDialog key={`${request.kind}:${request.company.id}`} kind={request.kind} company={request.company} /> : null;
}

function DestroyDialog({ kind, company }: { kind: 'company' | 'data'; company: AdminCompany }) {
  const t = useT();
  const { mutate } = useSWRConfig();
  const [typed, setTyped] = useState('');
  const [busy, setBusy] = useState(false);
  const status = useDataDestroyStatus(kind === 'data' ? company.id : null);
  const job = status.data ?? null;
  const running = job?.state === 'running';
  const [started, setStarted] = useState(false);
  const focus = useDialogFocus();
  const matches = typed.trim() === company.name;
  const close = () => companyDestroyRequests.close();

  const confirm = async () => {
    setBusy(true);
    try {
      if (kind === 'company') {
        await postParsed(ADMIN_COMPANY_PATHS.destroy, { id: company.id }, (answer) => answer);
        await revalidateEverywhere(mutate, [ADMIN_COMPANY_PATHS.list]);
        void showToast(t('admin_company.destroy.done'));
        close();
      } else {
        const answer = await postParsed(ADMIN_COMPANY_PATHS.dataDestroy, { id: company.id }, (data) => dataDestroyStartedSchema.parse(data).data);
        await status.mutate(answer, { revalidate: false });
        setStarted(true);
        // The progress is polled from now on; the list's counts change as it goes.
        void status.mutate();
      }
    } catch (error) {
      showError(error);
    } finally {
      setBusy(false);
    }
  };

  const progress = kind === 'data' && job !== null && (running || started);
  const title = t(kind === 'company' ? 'admin_company.destroy.title' : 'admin_company.destroy_data.title');
  return (
    <Dialog isOpen onClose={busy ? undefined : close} title={progress ? t('admin_company.progress.title', { name: company.name }) : title} icon="warning-sign" style={{ width: 520 }} {...focus}>
      <DialogBody>
        {progress && job ? (
          <DestroyProgress job={job} />
        ) : (
          <>
            <p className={Classes.RUNNING_TEXT} data-testid="confirm-message">
              {t(kind === 'company' ? 'admin_company.destroy.message' : 'admin_company.destroy_data.message', { name: company.name })}
            </p>
            <p>{t('admin_company.type_name', { name: company.name })}</p>
            <TextField name="confirm_company_name" labelId="admin_company.type_name_label" value={typed} onChange={setTyped} autoComplete="off" disabled={busy} />
          </>
        )}
      </DialogBody>
      <DialogFooter
        actions={
          progress ? (
            <Button data-testid="confirm-cancel" onClick={close} text={t('common.close')} />
          ) : (
            <>
              <Button data-testid="confirm-cancel" disabled={busy} onClick={close} text={t('resource.cancel')} />
              <Button
                data-testid="confirm-accept"
                intent={Intent.DANGER}
                loading={busy}
                disabled={!matches}
                onClick={() => void confirm()}
                text={t(kind === 'company' ? 'admin_company.action.destroy' : 'admin_company.action.destroy_data')}
              />
            </>
          )
        }
      />
    </Dialog>
  );
}
