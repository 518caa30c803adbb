import { Button, Intent } from '@blueprintjs/core';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { updateBodySchema, type AnyResourceContract, type InputOf, type RecordOf } from '../../api/resources/resource-contract';
import { useResourceMutations } from '../../api/resources/use-resource-mutations';
import { showError } from '../feedback/error-store';
import { fieldErrorsFromServer } from '../forms/field-errors';
import { FormIdScope } from '../forms/field-ids';
import { useFocusFirstProblem } from '../forms/focus-first-problem';
import { unsavedValues } from '../forms/form-changes';
import type { FormDraftBinding } from '../forms/use-form-draft';
import { useForm } from '../forms/use-form';
import { useReportTyping } from '../forms/unsaved-work';
import { useT, useTranslateMaybeId } from '../../i18n/use-t';
import { FormErrorCallout } from '../forms/form-error-callout';
import { ConfirmDialog } from './confirm-dialog';
import { ResourceField } from './resource-field';
import type { FormValues, ResourceView } from './resource-view';
import '../forms/form-actions.css';

export interface ResourceFormProps<C extends AnyResourceContract> {
  view: ResourceView<C>;
  /** The record being edited; absent for "add". */
  record?: RecordOf<C>;
  /** Values that start an "add" form (e.g. the caller's number). */
  initialValues?: FormValues;
  /**
   * Values sent with every save over what the form holds, for context the form does not show and that
   * may change while it is open (a call pop-up's member, once the agent has chosen one).
   */
  fixedValues?: FormValues;
  /**
   * Keeps what is typed as a draft (useFormDraft): the form starts from `draft.restored` over the record
   * or the initial values, and tells `draft.onChange` the shown fields' values as they change.
   * @default no draft
   */
  draft?: FormDraftBinding;
  onSaved: (record: RecordOf<C>) => void;
  onCancel?: () => void;
}

type Rename = { from: string; to: string; values: FormValues };

/**
 * Add or edit form drawn from the definition's fields, validated with the contract's zod schema before
 * sending. A 422 goes under its fields (`custom_fields.x` under `custom_fields`); anything else to the
 * error dialog. Changing the contract's `renameField` asks for the confirmation of specification §5.
 */
export function ResourceForm<C extends AnyResourceContract>({ view, record, initialValues, fixedValues, draft, onSaved, onCancel }: ResourceFormProps<C>) {
  const t = useT();
  const mutations = useResourceMutations(view.contract);
  const recordId = (record as { id?: number } | undefined)?.id;
  // What "nothing typed" means: the record, or the empty form, as it was when the form opened.
  const [startValues] = useState(() => (record ? view.toFormValues(record) : { ...view.emptyValues(), ...initialValues }));
  // An edit is checked as the update route checks it, with the record's id: what update does differently
  // (a file field left empty keeps the stored file) is the contract's to say.
  const [schema] = useState(() => (recordId === undefined ? view.contract.input : updateBodySchema(view.contract)));
  const form = useForm<FormValues, FormValues>({ ...startValues, ...draft?.restored, ...fixedValues, ...(recordId === undefined ? {} : { id: recordId }) }, schema);
  const [saving, setSaving] = useState(false);
  const formRef = useRef<HTMLFormElement>(null);
  const focusFirstProblem = useFocusFirstProblem(formRef);
  const [rename, setRename] = useState<Rename | null>(null);
  const fieldNames = view.fields.map((field) => field.name);
  const translate = useTranslateMaybeId();
  // Messages for values the form does not show (e.g. a call pop-up's number): said above the fields.
  const unplaced = Object.entries(form.errors)
    .filter(([key]) => !fieldNames.includes(key.split('.')[0] ?? key))
    .flatMap(([, messages]) => messages.map(translate));

  // Typing that closing would throw away (QA: Escape emptied a half-typed member): the dialog or pop-up
  // around the form asks first. A form with a draft keeps its typing, and says so itself. What was
  // saved last is the new "nothing typed".
  const [savedValues, setSavedValues] = useState(startValues);
  const typing = !draft && unsavedValues(form.values, savedValues, fieldNames) !== null;
  const withdrawTyping = useReportTyping(typing);

  const onDraftChange = draft?.onChange;
  useEffect(() => {
    onDraftChange?.(unsavedValues(form.values, startValues, view.fields.map((field) => field.name)), recordId);
  }, [onDraftChange, form.values, startValues, view.fields, recordId]);

  const placeErrors = (err: unknown) => {
    const errors = fieldErrorsFromServer(err);
    if (!errors) return showError(err);
    form.setErrors(errors);
    focusFirstProblem();
    const unplaced = Object.keys(errors).some((key) => !fieldNames.includes(key.split('.')[0] ?? key));
    if (unplaced) showError(err);
  };

  const save = async (values: FormValues) => {
    setSaving(true);
    try {
      // The values passed the contract's own schema in validate(), so they are its input.
      const input = values as InputOf<C>;
      const saved = recordId === undefined ? await mutations.create(input) : await mutations.update(recordId, input);
      // Before onSaved, which usually closes what holds the form: nothing typed is unsaved any more.
      withdrawTyping();
      setSavedValues(form.values);
      onSaved(saved);
    } catch (err) {
      placeErrors(err);
    } finally {
      setSaving(false);
      setRename(null);
    }
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const values = form.validate();
    if (!values) return focusFirstProblem();
    // They passed the check from the start values; what they are now is what is saved.
    if (fixedValues) Object.assign(values, fixedValues);
    const field = view.contract.renameField;
    const before = field && record ? (record as Record<string, unknown>)[field] : undefined;
    if (field && typeof before === 'string' && before !== values[field]) {
      setRename({ from: before, to: String(values[field]), values });
      return;
    }
    void save(values);
  };

  return (
    <FormIdScope>
      <form ref={formRef} data-testid="resource-form" noValidate onSubmit={submit}>
        <FormErrorCallout message={unplaced.length > 0 ? unplaced.join(' ') : null} testId="resource-form-errors" />
        {view.fields.map((field) => (
          <ResourceField
            key={field.name}
            field={field}
            name={field.name}
            value={form.values[field.name]}
            onChange={(value) => form.setValue(field.name, value)}
            errors={form.errors}
            disabled={saving}
            values={form.values}
            setValue={form.setValue}
          />
        ))}
        <div className="form-actions">
          {onCancel && <Button data-testid="resource-form-cancel" onClick={onCancel} disabled={saving} text={t('resource.cancel')} />}
          <Button type="submit" intent={Intent.PRIMARY} loading={saving} data-testid="resource-form-save" text={t('common.save')} />
        </div>
        <ConfirmDialog
          isOpen={rename !== null}
          titleId="resource.rename_title"
          messageId="resource.rename_confirm"
          values={{ from: rename?.from ?? '', to: rename?.to ?? '' }}
          confirmTextId="resource.rename_accept"
          intent={Intent.WARNING}
          busy={saving}
          onConfirm={() => rename && void save(rename.values)}
          onCancel={() => setRename(null)}
        />
      </form>
    </FormIdScope>
  );
}
