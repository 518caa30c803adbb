import { Button, Card, InputGroup, Intent } from '@blueprintjs/core';
import { useEffect, useState, type FormEvent } from 'react';
import { SLOGAN_MAX } from '../../api/contracts/announcement.contract';
import { isApiError } from '../../api/errors';
import { useSaveSlogan, useSlogan } from '../../api/resources/announcement-api';
import { useT } from '../../i18n/use-t';
import { showError } from '../../ui/feedback/error-store';
import { LoadErrorState } from '../../ui/feedback/load-error-state';
import { showToast } from '../../ui/feedback/toaster';
import { useFieldId } from '../../ui/forms/field-ids';
import { errorsIdFor, FieldShell } from '../../ui/forms/field-shell';
import { useScreenInfo } from '../../ui/feedback/screen-info';
import { PageFrame } from '../../ui/page/page-frame';

/**
 * `/slogan` (managers): the company's slogan, at most 100 characters, shown in the header of the
 * company's users as soon as it is saved (theirs through the socket's `slogan`). Blank removes it.
 */
export default function SloganScreen() {
  const t = useT();
  const info = useScreenInfo();
  const { data: saved, error, isLoading, mutate } = useSlogan();
  const save = useSaveSlogan();
  const [value, setValue] = useState('');
  const [serverErrors, setServerErrors] = useState<string[]>([]);
  const [saving, setSaving] = useState(false);
  const id = useFieldId('slogan');
  useEffect(() => {
    if (saved !== undefined) setValue(saved ?? '');
  }, [saved]);

  const tooLong = value.trim().length > SLOGAN_MAX;
  const errors = tooLong ? ['validation.slogan_too_long'] : serverErrors;
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (tooLong || saving) return;
    setSaving(true);
    setServerErrors([]);
    try {
      await save(value);
      void showToast(t('slogan.saved'));
    } catch (err) {
      if (isApiError(err) && err.status === 422) setServerErrors(err.fieldErrors.slogan ?? [err.message]);
      else showError(err);
    } finally {
      setSaving(false);
    }
  };

  // Until the saved slogan is known the field waits: saving over a slogan never read would lose it.
  const unknown = saved === undefined;
  const body = (
    <Card>
      {error && unknown && <LoadErrorState onRetry={() => void mutate()} />}
      <form onSubmit={(event) => void submit(event)} data-testid="slogan-form" noValidate>
        <FieldShell name="slogan" labelId="slogan.field" errors={errors} hint={t('slogan.count', { count: value.trim().length, max: SLOGAN_MAX })}>
          <InputGroup
            id={id}
            data-testid="slogan"
            value={value}
            disabled={isLoading || unknown}
            intent={errors.length > 0 ? Intent.DANGER : Intent.NONE}
            aria-invalid={errors.length > 0}
            aria-describedby={errorsIdFor(id, errors, 'slogan-hint')}
            placeholder={t('slogan.placeholder')}
            onChange={(event) => {
              setValue(event.target.value);
              setServerErrors([]);
            }}
          />
        </FieldShell>
        <Button type="submit" intent={Intent.PRIMARY} data-testid="slogan-save" loading={saving} disabled={tooLong || unknown} text={t('common.save')} />
      </form>
    </Card>
  );
  return info ? <PageFrame titleId={info.titleId}>{body}</PageFrame> : body;
}
