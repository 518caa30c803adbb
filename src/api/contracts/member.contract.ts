import { z } from 'zod';
import { defineResourceContract, pageSchema } from '../resources/resource-contract';

/**
 * Members (specification §3: company name, name, phone number, groups, levels, custom fields) and the
 * member calls of specification §7. The server stores phone numbers normalised (digits, domestic
 * form: `+82 10-5555-0001` → `01055550001`), on write and on lookup; answers always carry that form.
 */

/** What people type: digits with the usual separators and an optional leading +; 2 to 20 digits. */
const PHONE_TEXT = /^\+?[0-9\s\-()./]+$/;
const digitCount = (value: string) => value.replace(/\D/g, '').length;

/** A number as people type it (see PHONE_TEXT); a withheld caller's "anonymous" or "" is not one. */
export function isPhoneNumberText(value: string): boolean {
  return PHONE_TEXT.test(value) && digitCount(value) >= 2 && digitCount(value) <= 20;
}

/**
 * An extension calling (2 to 6 digits): a colleague, e.g. the consultation leg of an attended transfer.
 * Korean subscriber numbers have at least 8 digits (1588-xxxx), so no customer is mistaken for one.
 */
export function isInternalNumber(value: string): boolean {
  return /^\d{2,6}$/.test(value.trim());
}

export const phoneNumberInputSchema = z
  .string({ error: 'validation.member_phone_required' })
  .trim()
  // abort: an empty number gets "required" only, not "invalid" as well.
  .min(1, { error: 'validation.member_phone_required', abort: true })
  .max(40, { error: 'validation.phone_number_invalid', abort: true })
  .refine(isPhoneNumberText, 'validation.phone_number_invalid');

/**
 * Normalises a phone number once, on write and on lookup (server) and for display (client), so
 * `010-5555-0001`, `010 5555 0001`, `+82 10-5555-0001` and `(010)5555/0001` all become `01055550001`.
 */
export function normalisePhoneNumber(raw: string): string {
  const trimmed = raw.trim();
  let digits = trimmed.replace(/\D+/g, '');
  // International Korean form: +82 / 0082 followed by the number without its trunk 0.
  if (trimmed.startsWith('+82') || digits.startsWith('0082')) {
    digits = digits.replace(/^(00)?82/, '');
    if (!digits.startsWith('0')) digits = `0${digits}`;
  }
  return digits;
}

/** Specification §9: a phone number counts as mobile if it starts with 01 (stored numbers are normalised). */
export function isMobileNumber(phoneNumber: string): boolean {
  return phoneNumber.startsWith('01');
}

const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max, 'validation.text_too_long')
    .nullish()
    .transform((value) => value || null);

const nameList = z.array(z.string().trim().min(1).max(100)).max(50).default([]);

export const memberSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  phone_number: z.string(),
  company_name: z.string().nullable(),
  groups: z.array(z.string()),
  levels: z.array(z.string()),
  /** Values by custom field name (member/get-settings lists the fields). */
  custom_fields: z.record(z.string(), z.string()),
  /** Specification §9, derived from `phone_number`. */
  is_mobile: z.boolean(),
  created_at: z.string(),
  updated_at: z.string(),
});

export const memberInputSchema = z.object({
  name: z.string({ error: 'validation.member_name_required' }).trim().min(1, 'validation.member_name_required').max(100, 'validation.name_too_long'),
  phone_number: phoneNumberInputSchema,
  company_name: optionalText(100),
  groups: nameList,
  levels: nameList,
  custom_fields: z.record(z.string(), z.string().trim().max(1000, 'validation.text_too_long')).default({}),
});

export const PHONE_TYPES = ['mobile', 'other'] as const;

export const memberContract = defineResourceContract({
  entity: 'member',
  path: 'member',
  record: memberSchema,
  input: memberInputSchema,
  filters: {
    group: z.string().trim().max(100),
    level: z.string().trim().max(100),
    company_name: z.string().trim().max(100),
    phone_type: z.enum(PHONE_TYPES, { error: 'validation.invalid_value' }),
  },
  sortFields: ['id', 'name', 'phone_number', 'company_name', 'created_at', 'updated_at'],
  defaultSort: { sort_by: 'id', sort_order: 'desc' },
  searchable: true,
  // Agents work with members all day: reading and writing need `members`; deleting `member_delete`.
  access: {
    read: { permission: 'members' },
    create: { permission: 'members' },
    update: { permission: 'members' },
    delete: { permission: 'member_delete' },
  },
  // `GET member/export` (specification §7: opens in a new tab).
  export: { permission: 'member_export' },
  routes: { all: true, byId: true },
});

/** `member/store/caller`: a member created from a call; the name may be left for later (it defaults to the number). */
export const memberFromCallerSchema = memberInputSchema.extend({
  name: z.string().trim().max(100, 'validation.name_too_long').optional().default(''),
});

/** `member/phone-number/{number}`: the members with that number and how many there are. */
export const memberPhoneLookupSchema = z.object({
  phone_number: z.string(),
  memberCount: z.number().int(),
  data: z.array(memberSchema),
});

/** `member/store/caller` answers the new member and how many members now share the number. */
export const memberFromCallerResponseSchema = z.object({ data: memberSchema, memberCount: z.number().int() });

export const memberPageSchema = pageSchema(memberSchema);

export type Member = z.infer<typeof memberSchema>;
export type MemberInput = z.input<typeof memberInputSchema>;
export type MemberPhoneLookup = z.infer<typeof memberPhoneLookupSchema>;
