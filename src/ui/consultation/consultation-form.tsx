import { Button, Callout, Classes, H5, Intent, NonIdealState, Spinner } from '@blueprintjs/core';
import { useState } from 'react';
import { draftKey } from '../../api/form-drafts';
import { consultationContract, type CallDirection, type Consultation } from '../../api/contracts/consultation.contract';
import type { PermissionSubject } from '../../api/permissions/check';
import { canDo } from '../../api/resources/resource-access';
import { useResourceRecord } from '../../api/resources/use-resource';
import { getUserInfo } from '../../api/storage';
import { formatDateTime } from '../../i18n/dates';
import { useT } from '../../i18n/use-t';
import { showToast } from '../feedback/toaster';
import { useReportUnsavedWork, type UnsavedWork } from '../forms/unsaved-work';
import { useFormDraft } from '../forms/use-form-draft';
import { ResourceForm } from '../resource/resource-form';
import type { FormValues } from '../resource/resource-view';
import { consultationCallView } from './consultation-view';

export interface ConsultationFormProps {
  /** The member the call is with, once known; absent for an unknown caller. */
  memberId?: number;
  /** The other party's number, in any format (the server normalises it). */
  phoneNumber: string;
  /** The PBX uniqueid of the call, when the form is written during one. */
  callUniqueid?: string;
  direction: CallDirection;
  /** An existing consultation to continue (`outbound/{id}/consultation/{consultationId}`); a new one otherwise. */
  consultationId?: number;
  /** Who is writing; without `consultations` the form says so rather than fail on save. @default the signed-in user */
  subject?: PermissionSubject | null;
  onSaved?: (consultation: Consultation) => void;
}

// What closing the pop-up does to unsaved typing: with a call to keep it under, it stays as a draft.
const KEPT_AS_DRAFT: UnsavedWork = { messageId: 'consultation.close_keeps_draft' };
const LOST: UnsavedWork = { messageId: 'consultation.close_loses_text' };

/**
 * The consultation form inside the inbound and outbound pop-ups: title, categories, content, custom
 * fields and treatment result, with the call's member, number, uniqueid and direction attached. The
 * first save creates the consultation; later saves update that same one, so an agent can note the
 * call as it goes without creating duplicates. What is typed and not saved is kept as the call's draft
 * (useFormDraft): the pop-up reopened or reloaded for the same call starts from it, and closing the
 * pop-up asks first (useReportUnsavedWork).
 */
export function ConsultationForm({ memberId, phoneNumber, callUniqueid, direction, consultationId, subject, onSaved }: ConsultationFormProps) {
  const t = useT();
  const [saved, setSaved] = useState<Consultation | null>(null);
  const keyOfCall = callUniqueid ? draftKey('consultation', callUniqueid) : null;
  // The number and direction let the phone bring an ended call's draft back after a reload.
  const draft = useFormDraft(keyOfCall, { phone_no: phoneNumber, direction });
  useReportUnsavedWork(draft.unsaved ? (keyOfCall ? KEPT_AS_DRAFT : LOST) : null);
  // A draft typed after the first save edits that consultation: the form continues it rather than
  // create a second one on the next save.
  const continueId = consultationId ?? draft.restored?.recordId ?? undefined;
  const existing = useResourceRecord(consultationContract, saved || continueId === undefined ? null : continueId);
  const who = subject === undefined ? getUserInfo() : subject;
  if (!canDo(who, consultationContract, existing.data || saved ? 'update' : 'create')) {
    return <Callout icon="lock" data-testid="consultation-form-forbidden">{t('consultation.form_forbidden')}</Callout>;
  }
  if (continueId !== undefined && !saved) {
    if (existing.isLoading) return <Spinner size={24} />;
    // Only the draft's consultation may be gone (deleted meanwhile): the draft then starts a new one.
    if (!existing.data && consultationId !== undefined) {
      return <NonIdealState icon="search" title={t('consultation.not_found')} description={existing.error?.message} />;
    }
  }
  const record = saved ?? existing.data;
  // Continuing a given consultation, a draft of another one of this call is not this form's.
  const restored = draft.restored && (consultationId === undefined || draft.restored.recordId === record?.id) ? draft.restored : null;
  const fixed = fixedValuesFor(record, { memberId, phoneNumber, callUniqueid, direction });
  return (
    <section data-testid="consultation-form" data-consultation-id={record?.id ?? ''}>
      <H5>{record ? t('consultation.form_saved', { time: formatDateTime(record.updated_at) }) : t('consultation.form_new')}</H5>
      {record && <p className={Classes.TEXT_MUTED}>{t('consultation.form_saved_hint')}</p>}
      {restored && (
        <Callout compact intent={Intent.PRIMARY} icon="history" data-testid="consultation-draft-restored" style={{ marginBottom: 8 }}>
          {t('consultation.draft_restored')}{' '}
          {/* Not wanted: the form starts again from the consultation as saved (or empty). */}
          <Button size="small" variant="minimal" icon="trash" data-testid="consultation-draft-discard" onClick={draft.discard} text={t('consultation.draft_discard')} />
        </Callout>
      )}
      <ResourceForm
        // A new key once saved (the form restarts from the saved consultation and now updates it) and
        // when a draft turns up after opening (the outbound pop-up's call got its uniqueid).
        key={`${record?.id ?? 'new'}:${restored?.savedAt ?? ''}`}
        view={consultationCallView}
        record={record}
        fixedValues={fixed}
        draft={{ restored: restored?.values ?? null, onChange: draft.onChange }}
        onSaved={(consultation) => {
          draft.discard();
          setSaved(consultation);
          void showToast(t('consultation.saved'));
          onSaved?.(consultation);
        }}
      />
    </section>
  );
}

/**
 * What the pop-up attaches to the consultation. A new one gets the call as it is: number, direction,
 * member and uniqueid. Continuing one keeps how it was first written (an inbound consultation continued
 * from the outbound pop-up stays inbound, with its number and call); only a consultation that has no
 * call yet takes this call and its direction. The member always follows the pop-up's choice.
 */
function fixedValuesFor(
  record: Consultation | null | undefined,
  call: Pick<ConsultationFormProps, 'memberId' | 'phoneNumber' | 'callUniqueid' | 'direction'>,
): FormValues {
  const member = call.memberId !== undefined ? { member_id: call.memberId } : {};
  if (!record) {
    return { phone_number: call.phoneNumber, direction: call.direction, ...member, ...(call.callUniqueid ? { call_uniqueid: call.callUniqueid } : {}) };
  }
  const attachCall = !record.call_uniqueid && call.callUniqueid ? { call_uniqueid: call.callUniqueid, direction: call.direction } : {};
  return { ...member, ...attachCall };
}
