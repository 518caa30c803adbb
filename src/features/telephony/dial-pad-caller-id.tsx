import { useState } from 'react';
import { FormGroup, HTMLSelect, Intent } from '@blueprintjs/core';
import { chooseCallerId, useMyCallerIds } from '../../api/resources/caller-id-api';
import { useT } from '../../i18n/use-t';
import { formatPhoneNumber } from '../../ui/telephony/format-phone';

/**
 * Which caller id the user's calls carry (docs/telephony.md "Caller ID"), in the dial pad: nothing for a
 * user without one, the number for a user with one, a choice for a user with several. The choice is kept
 * on the server, so click-to-call and every other window dial with it too.
 */
export function DialPadCallerId({ active }: { active: boolean }) {
  const t = useT();
  const { data, mutate } = useMyCallerIds(active);
  const [saving, setSaving] = useState(false);
  const [failed, setFailed] = useState<string | null>(null);
  if (!data || data.data.length === 0) return null;
  const label = (c: { number: string; name: string }) => `${formatPhoneNumber(c.number)} ${c.name}`;
  if (data.data.length === 1) {
    return (
      <p className="bp6-text-muted" data-testid="dial-pad-caller-id-text">
        {t('cti.dial_pad.caller_id')}: {label(data.data[0]!)}
      </p>
    );
  }
  const choose = async (id: number) => {
    setSaving(true);
    setFailed(null);
    try {
      await mutate(await chooseCallerId(id), { revalidate: false });
    } catch (error) {
      setFailed(error instanceof Error ? error.message : String(error));
    } finally {
      setSaving(false);
    }
  };
  return (
    <FormGroup label={t('cti.dial_pad.caller_id')} labelFor="cti-dial-pad-caller-id" intent={failed ? Intent.DANGER : Intent.NONE} helperText={failed ?? undefined}>
      <HTMLSelect
        id="cti-dial-pad-caller-id"
        data-testid="dial-pad-caller-id"
        fill
        disabled={saving}
        value={data.selected ?? ''}
        onChange={(event) => void choose(Number(event.currentTarget.value))}
        options={data.data.map((c) => ({ value: c.id, label: label(c) }))}
      />
    </FormGroup>
  );
}
