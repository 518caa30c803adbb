import { Button, Callout, H5, InputGroup, Intent, NonIdealState, Spinner } from '@blueprintjs/core';
import { useState, type FormEvent } from 'react';
import { queueLabelBodySchema, type QueueStatusRecord } from '../../api/contracts/queue-status.contract';
import { boardName } from '../../api/queues/board-display';
import { saveQueueLabel } from '../../api/queues/queue-label';
import { useLiveQueueBoards, type QueueBoardConnect } from '../../api/queues/use-live-queue-boards';
import type { MessageId } from '../../i18n/message-ids';
import { useT } from '../../i18n/use-t';
import { usePopup } from '../../shell/popups/popup-context';
import { closeAfterSaving } from '../../shell/popups/popup-toasts';
import { FormIdScope, useFieldId } from '../../ui/forms/field-ids';
import { errorsIdFor, FieldShell } from '../../ui/forms/field-shell';
import { useForm } from '../../ui/forms/use-form';
import { PopupFormCard } from '../../ui/layout/popup-form-card';
import '../../ui/forms/form-actions.css';

type Name = 'label' | 'wait_warning_s' | 'wait_danger_s';

function Field({ name, labelId, hint, value, errors, onChange, inputMode }: { name: Name; labelId: MessageId; hint: string; value: string; errors: readonly string[] | undefined; onChange: (value: string) => void; inputMode?: 'numeric' }) {
  const id = useFieldId(name);
  const invalid = (errors?.length ?? 0) > 0;
  return (
    <FieldShell name={name} labelId={labelId} errors={errors} hint={hint}>
      <InputGroup
        id={id}
        name={name}
        value={value}
        inputMode={inputMode}
        intent={invalid ? Intent.DANGER : Intent.NONE}
        aria-invalid={invalid}
        aria-describedby={errorsIdFor(id, errors, 'hint')}
        data-testid={`queue-label-${name}`}
        onChange={(event) => onChange(event.currentTarget.value)}
      />
    </FieldShell>
  );
}

const text = (value: number | string | null) => (value === null ? '' : String(value));

function QueueLabelForm({ status }: { status: QueueStatusRecord }) {
  const t = useT();
  const popup = usePopup();
  const [saving, setSaving] = useState(false);
  const form = useForm({ id: status.id, label: text(status.label), wait_warning_s: text(status.wait_warning_s), wait_danger_s: text(status.wait_danger_s) }, queueLabelBodySchema);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const body = form.validate();
    if (!body) return;
    setSaving(true);
    try {
      const saved = await saveQueueLabel(body);
      closeAfterSaving(popup, t('queue_label.saved', { name: boardName(saved) }));
    } catch (failure) {
      form.handleSubmitError(failure);
    } finally {
      setSaving(false);
    }
  };

  return (
    <FormIdScope>
      <form noValidate onSubmit={submit} data-testid="queue-label-form">
        <H5 data-testid="queue-label-queue">
          {status.name} ({status.queue})
        </H5>
        <Callout compact style={{ marginBottom: 12 }}>
          {t('queue_label.intro')}
        </Callout>
        <Field
          name="label"
          labelId="queue_label.label"
          hint={t('queue_label.label_hint', { name: status.name })}
          value={form.values.label}
          errors={form.errors.label}
          onChange={(value) => form.setValue('label', value)}
        />
        <Field
          name="wait_warning_s"
          labelId="queue_label.wait_warning_s"
          inputMode="numeric"
          hint={t('queue_label.wait_warning_hint', { seconds: status.service_level_s / 2 })}
          value={form.values.wait_warning_s}
          errors={form.errors.wait_warning_s}
          onChange={(value) => form.setValue('wait_warning_s', value)}
        />
        <Field
          name="wait_danger_s"
          labelId="queue_label.wait_danger_s"
          inputMode="numeric"
          hint={t('queue_label.wait_danger_hint', { seconds: status.service_level_s })}
          value={form.values.wait_danger_s}
          errors={form.errors.wait_danger_s}
          onChange={(value) => form.setValue('wait_danger_s', value)}
        />
        <div className="form-actions">
          <Button data-testid="queue-label-cancel" text={t('resource.cancel')} onClick={() => popup?.close()} />
          <Button type="submit" intent={Intent.PRIMARY} loading={saving} data-testid="queue-label-save" text={t('common.save')} />
        </div>
      </form>
    </FormIdScope>
  );
}

/**
 * `queue-status/label/edit/{id}` (edit-queue-status-label, a window; `id` is the queue's record id): the
 * queue's board label (up to 30 characters, blank: its name) and the waits at which the boards turn
 * amber and red (blank: half the service-level threshold and all of it). The current values come from
 * the pushed board, which every board viewer may watch (the queue's own record is the managers'); saved
 * through `queue/label`, after which every board shows them and the window closes with a confirmation
 * in the main window (docs/queues.md "Board label and colours").
 */
export default function QueueLabelPopup({ connect }: { connect?: QueueBoardConnect }) {
  const t = useT();
  const popup = usePopup();
  const id = Number(popup?.params.id);
  const { queues, received } = useLiveQueueBoards(connect);
  const status = queues.find((queue) => queue.id === id);
  if (!received) return <Spinner />;
  if (!status) {
    return (
      <div data-testid="queue-label-not-found">
        <NonIdealState icon="search" title={t('queue_label.not_found')} />
      </div>
    );
  }
  return (
    <PopupFormCard testId="queue-label-popup">
      <QueueLabelForm key={status.id} status={status} />
    </PopupFormCard>
  );
}
