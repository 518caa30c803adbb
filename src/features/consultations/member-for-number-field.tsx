import { HTMLSelect } from '@blueprintjs/core';
import { useEffect, useRef } from 'react';
import { useCallerMembers } from '../../api/members-lookup';
import { useT } from '../../i18n/use-t';
import { useFieldId } from '../../ui/forms/field-ids';
import { errorsIdFor, FieldShell } from '../../ui/forms/field-shell';
import type { FieldProps } from '../../ui/resource/resource-view';

/** Enough digits to be worth asking who has the number (fewer would match nothing useful). */
const MIN_DIGITS = 4;

/**
 * The member a consultation is about, chosen among the members who have the number typed above
 * (`member/phone-number/{number}`, any format): the same lookup as a call's screen pop.
 */
export function MemberForNumberField({ name, value, onChange, errors, disabled, values }: FieldProps) {
  const t = useT();
  const phone = typeof values.phone_number === 'string' ? values.phone_number.trim() : '';
  const digits = phone.replace(/\D/g, '');
  const { data } = useCallerMembers(digits.length >= MIN_DIGITS && digits.length <= 20 ? phone : null);
  const members = data?.data ?? [];
  const current = typeof value === 'number' && value > 0 ? String(value) : '';
  const options = members.map((m) => ({ value: String(m.id), label: m.company_name ? `${m.name} (${m.company_name})` : m.name }));
  // A member chosen before the number changed still shows, so the choice is visible until changed.
  if (current && !options.some((o) => o.value === current)) options.push({ value: current, label: `#${current}` });
  // A number typed here that exactly one member has is that member's (QA: the consultation was saved
  // with no member while the only match was listed). Not for the number the form opened with (an edit
  // must not change its member unasked), and not again once the user picked "No member" for it.
  const openedWith = useRef(phone);
  const declinedFor = useRef<string | null>(null);
  const onlyMember = data?.memberCount === 1 ? data.data[0] : undefined;
  useEffect(() => {
    if (!onlyMember || current || phone === openedWith.current || declinedFor.current === phone) return;
    onChange(onlyMember.id);
  }, [onlyMember, current, phone, onChange]);
  const id = useFieldId(name);
  const messages = errors[name];
  return (
    <FieldShell name={name} labelId="consultation.field.member" errors={messages}>
      <HTMLSelect
        id={id}
        data-testid={name}
        fill
        value={current}
        disabled={disabled}
        aria-invalid={(messages?.length ?? 0) > 0}
        aria-describedby={errorsIdFor(id, messages)}
        onChange={(event) => {
          const chosen = event.currentTarget.value;
          declinedFor.current = chosen ? null : phone;
          onChange(chosen ? Number(chosen) : null);
        }}
        options={[{ value: '', label: t(digits.length >= MIN_DIGITS ? 'consultation.no_member' : 'consultation.member_needs_number') }, ...options]}
      />
    </FieldShell>
  );
}
