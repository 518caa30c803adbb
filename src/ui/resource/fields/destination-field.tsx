import { HTMLSelect, InputGroup, Intent } from '@blueprintjs/core';
import { DESTINATION_TYPES, type DestinationType } from '../../../api/entities/entity-fields';
import { useT } from '../../../i18n/use-t';
import { useFieldId } from '../../forms/field-ids';
import { errorsIdFor, FieldShell } from '../../forms/field-shell';
import { DESTINATION_TARGETS, DESTINATION_TYPE_LABELS, useTargetOptions } from '../destination-targets';
import { ExtensionField } from './extension-field';
import { messagesOf, textOf, type KindProps } from './field-props';
import { OptionSelect } from './option-select';

type Value = { type: DestinationType; target: string | null } | null;

const asDestination = (value: unknown): Value =>
  value && typeof value === 'object' && 'type' in value ? { type: (value as { type: DestinationType }).type, target: textOf((value as { target?: unknown }).target) || null } : null;

/**
 * Where a call goes: the type first, then its target, from the type's source (destination-targets.ts):
 * an extension, a record of the company (a sound file; queues and the rest once they exist), typed
 * digits meanwhile, or nothing (hang up, voicemail). Changing the type clears a target of another kind.
 */
export function DestinationField(props: KindProps<'destination'>) {
  const { field, name, value, onChange, disabled, errors, hiddenLabel } = props;
  const t = useT();
  const id = useFieldId(name);
  const messages = messagesOf(props);
  const destination = asDestination(value);
  const source = destination ? DESTINATION_TARGETS[destination.type] : { kind: 'none' as const };
  const targets = useTargetOptions(destination?.type);
  const targetName = `${name}.target`;
  const targetId = useFieldId(targetName);
  // The target is labelled by its type: "Queue", "Extension".
  const targetLabelId = destination ? DESTINATION_TYPE_LABELS[destination.type] : 'destination.field.target';
  const setType = (type: string) => {
    if (type === '') return onChange(null);
    const next = type as DestinationType;
    onChange({ type: next, target: DESTINATION_TARGETS[next].kind === source.kind && next === destination?.type ? destination.target : null });
  };
  const setTarget = (target: unknown) => destination && onChange({ type: destination.type, target: textOf(target) || null });
  const targetProps = { ...props, name: targetName, value: destination?.target ?? '', onChange: setTarget, hiddenLabel: undefined };
  const typed = textOf(destination?.target);
  const notDigits = typed !== '' && !/^[0-9]+$/.test(typed);
  return (
    <div data-testid={name} role="group" aria-label={hiddenLabel ?? t(field.labelId)}>
      <FieldShell name={name} labelId={field.labelId} errors={messages} required={field.required} hiddenLabel={hiddenLabel}>
        <HTMLSelect
          id={id}
          name={name}
          data-testid={`${name}-type`}
          value={destination?.type ?? ''}
          disabled={disabled}
          fill
          aria-invalid={(messages?.length ?? 0) > 0}
          aria-describedby={errorsIdFor(id, messages)}
          onChange={(event) => setType(event.currentTarget.value)}
          options={[{ value: '', label: t('resource.choose') }, ...DESTINATION_TYPES.map((type) => ({ value: type, label: t(DESTINATION_TYPE_LABELS[type]) }))]}
        />
      </FieldShell>
      {source.kind === 'extension' && <ExtensionField {...targetProps} field={{ kind: 'extension', name: targetName, labelId: targetLabelId, required: true }} />}
      {source.kind === 'records' && targets.listable && (
        <OptionSelect {...targetProps} labelId={targetLabelId} required options={targets.options} loading={targets.loading} />
      )}
      {source.kind === 'records' && !targets.listable && (
        // Until the type's entity exists its target is typed: digits (a queue's number), said as the
        // hint and in red while the text is not digits; the server takes any short text.
        <FieldShell
          name={targetName}
          labelId={targetLabelId}
          required
          errors={errors[targetName] ?? (notDigits ? ['entity.destination_target_digits'] : undefined)}
          hintId="entity.destination_target_digits"
        >
          <InputGroup
            id={targetId}
            data-testid={targetName}
            inputMode="numeric"
            value={typed}
            disabled={disabled}
            intent={notDigits || errors[targetName] ? Intent.DANGER : Intent.NONE}
            aria-invalid={notDigits}
            aria-describedby={errorsIdFor(targetId, errors[targetName] ?? (notDigits ? ['x'] : undefined), 'entity.destination_target_digits')}
            onChange={(event) => setTarget(event.currentTarget.value)}
          />
        </FieldShell>
      )}
    </div>
  );
}
