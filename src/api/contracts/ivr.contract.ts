import type { z } from 'zod';
import { defineEntity } from '../entities/define-entity';
import { childrenField, destinationField, enumField, numberField, soundFileField, textField } from '../entities/entity-fields';
import { ROUTING_CONFIGURATION_ACCESS, routingNumberField } from './routing-number';

/** The keys a caller may press in an IVR menu. */
export const IVR_DIGITS = ['1', '2', '3', '4', '5', '6', '7', '8', '9', '0', '*', '#'] as const;
export type IvrDigit = (typeof IVR_DIGITS)[number];

/** What the routing engine uses when an IVR leaves these blank. */
export const IVR_DEFAULTS = { timeout_s: 5, invalid_retries: 3 } as const;

const optionsField = childrenField(
  {
    digit: enumField(IVR_DIGITS, { required: 'validation.ivr_option_digit_required' }),
    destination: destinationField({ required: 'validation.ivr_option_destination_required' }),
  },
  { max: IVR_DIGITS.length },
);

/** Each key once per menu: a repeated one is reported under `options.<index>.digit`. */
const uniqueDigits = optionsField.input.superRefine((options, ctx) => {
  const seen = new Set<string>();
  (options as { digit: string | null }[]).forEach((option, index) => {
    if (option.digit === null) return;
    if (seen.has(option.digit)) ctx.addIssue({ code: 'custom', message: 'validation.ivr_option_digit_taken', path: [index, 'digit'] });
    seen.add(option.digit);
  });
});

/**
 * /configuration/inbound/ivr (CONTRACT §10): a menu at `number` that plays `greeting_sound_file_id`
 * and sends the caller by the key they press (`options`); no key within `timeout_s` goes to
 * `timeout_destination`, a key the menu lacks is retried `invalid_retries` times and then goes to
 * `invalid_destination` (hang up when none).
 */
export const ivrEntity = defineEntity({
  name: 'ivr',
  table: 'ivrs',
  fields: {
    number: routingNumberField({ required: 'validation.ivr_number_required', unique: 'validation.ivr_number_taken' }),
    name: textField({ required: 'validation.ivr_name_required', search: true, sort: true, max: 100 }),
    greeting_sound_file_id: soundFileField(),
    timeout_s: numberField({ min: 1, max: 60 }),
    invalid_retries: numberField({ min: 0, max: 10 }),
    options: { ...optionsField, input: uniqueDigits },
    timeout_destination: destinationField(),
    invalid_destination: destinationField(),
  },
  combined: [{ fields: ['number', 'name'], message: 'validation.ivr_required' }],
  defaultSort: { sort_by: 'number', sort_order: 'asc' },
  access: ROUTING_CONFIGURATION_ACCESS,
  export: true,
  routes: { all: true },
  screens: { list: '/configuration/inbound/ivr' },
});

export type IvrRecord = z.infer<typeof ivrEntity.contract.record>;
