import { z } from 'zod';
import { defineResourceContract, pageSchema } from '../resources/resource-contract';
import { calendarDaySchema, recordIdNumber } from './input-bounds';
import { isPhoneNumberText } from './member.contract';

/**
 * Consultation records (issue 4 item 4): what an agent wrote about a call or a customer. Linked to the
 * member (optional), the agent who wrote it and the call's uniqueid (optional). Categories are stored
 * by name, like member groups, so a rename in the configuration reaches them (specification §5).
 * Phone numbers are normalised exactly as members' are (server/src/lib/phone.ts).
 */

/** Specification §4: the consultation treatment result. */
export const TREATMENT_RESULTS = ['receipt', 'progress', 'waiting', 'complete'] as const;
export const treatmentResultSchema = z.enum(TREATMENT_RESULTS, { error: 'validation.treatment_result_invalid' });
export type TreatmentResult = z.infer<typeof treatmentResultSchema>;

export const CALL_DIRECTIONS = ['inbound', 'outbound'] as const;
export const callDirectionSchema = z.enum(CALL_DIRECTIONS, { error: 'validation.direction_invalid' });
export type CallDirection = z.infer<typeof callDirectionSchema>;

/** A calendar day, `YYYY-MM-DD`; date filters read it as a day in Asia/Seoul (specification §9). */
export const isoDaySchema = calendarDaySchema;

export const consultationSchema = z.object({
  id: z.number().int(),
  member_id: z.number().int().nullable(),
  /** The member's current name (looked up, so a member rename shows at once); null without a member. */
  member_name: z.string().nullable(),
  /** Who wrote it; null only for records imported without an agent. */
  agent_id: z.number().int().nullable(),
  agent_name: z.string().nullable(),
  call_uniqueid: z.string().nullable(),
  phone_number: z.string(),
  is_mobile: z.boolean(),
  direction: callDirectionSchema,
  title: z.string(),
  content: z.string(),
  inquiry: z.string().nullable(),
  department: z.string().nullable(),
  big_category: z.string(),
  small_category: z.string().nullable(),
  /** Values by consultation custom field name (consultation/get-settings lists the fields). */
  custom_fields: z.record(z.string(), z.string()),
  treatment_result: treatmentResultSchema,
  created_at: z.string(),
  updated_at: z.string(),
});

/** Optional setting names: blank means "none". */
const optionalName = z
  .string()
  .trim()
  .max(100, 'validation.name_too_long')
  .nullish()
  .transform((value) => value || null);

const optionalId = z.preprocess(
  (value) => (value === '' || value === 0 || value === '0' ? null : value),
  recordIdNumber().nullish().transform((value) => value ?? null),
);

/**
 * The body of `consultation/store` and `consultation/update`. The agent is never part of it: the
 * server records whoever stores the consultation. A consultation of a call from a withheld number has
 * no phone number; the call's uniqueid is then required instead.
 */
export const consultationInputSchema = z.object({
  member_id: optionalId,
  call_uniqueid: z
    .string()
    .trim()
    .max(64, 'validation.invalid_value')
    .nullish()
    .transform((value) => value || null),
  // Required, except for a call from a withheld number: the call's uniqueid then says who it was (below).
  phone_number: z
    .string()
    .trim()
    .max(40, { error: 'validation.phone_number_invalid', abort: true })
    .refine((value) => value === '' || isPhoneNumberText(value), 'validation.phone_number_invalid')
    .nullish()
    .transform((value) => value ?? ''),
  direction: callDirectionSchema,
  // Specification §5: "Title required (please enter a title)".
  title: z.string({ error: 'validation.consultation_title_required' }).trim().min(1, 'validation.consultation_title_required').max(200, 'validation.text_too_long'),
  content: z.string().trim().max(10_000, 'validation.text_too_long').nullish().transform((value) => value ?? ''),
  inquiry: optionalName,
  department: optionalName,
  // Specification §5: "select a major category".
  big_category: z.string({ error: 'validation.consultation_big_category_required' }).trim().min(1, 'validation.consultation_big_category_required').max(100, 'validation.name_too_long'),
  small_category: optionalName,
  custom_fields: z.record(z.string(), z.string().trim().max(1000, 'validation.text_too_long')).default({}),
  treatment_result: treatmentResultSchema.default('receipt'),
}).refine((input) => !!input.phone_number || !!input.call_uniqueid, {
  path: ['phone_number'],
  message: 'validation.member_phone_required',
  // Checked even while other fields are wrong, so every field's message shows at once.
  when: ({ value }) => typeof value === 'object' && value !== null,
});

export const consultationContract = defineResourceContract({
  entity: 'consultation',
  path: 'consultation',
  record: consultationSchema,
  input: consultationInputSchema,
  filters: {
    date_from: isoDaySchema,
    date_to: isoDaySchema,
    agent_id: recordIdNumber(),
    treatment_result: treatmentResultSchema,
    direction: callDirectionSchema,
    inquiry: z.string().trim().max(100),
    department: z.string().trim().max(100),
    big_category: z.string().trim().max(100),
    small_category: z.string().trim().max(100),
    /** Any format; matched on the normalised number, like the member search. */
    phone_number: z.string().trim().max(40),
    member_id: recordIdNumber(),
    call_uniqueid: z.string().trim().max(64),
  },
  sortFields: ['created_at', 'id', 'updated_at', 'title', 'treatment_result', 'big_category', 'phone_number'],
  defaultSort: { sort_by: 'created_at', sort_order: 'desc' },
  searchable: true,
  // Agents see and continue every consultation of their company (a caller's history must not depend on
  // who answered last time); deleting one needs `consultation_delete` (docs/consultations.md).
  access: {
    read: { permission: 'consultations' },
    create: { permission: 'consultations' },
    update: { permission: 'consultations' },
    delete: { permission: 'consultation_delete' },
  },
  export: { permission: 'consultation_export' },
  routes: { all: true, byId: true },
});

export const consultationPageSchema = pageSchema(consultationSchema);

export type Consultation = z.infer<typeof consultationSchema>;
export type ConsultationInput = z.input<typeof consultationInputSchema>;
