import { z } from 'zod';

/** What people type into a phone field: digits with the usual separators and an optional leading +. */
export const PHONE_TEXT = /^\+?[0-9\s\-()./]{2,30}$/;

const blankToUndefined = (value: unknown) => (typeof value === 'string' && value.trim() === '' ? undefined : value);

/** Optional text of a shape (a phone number, a time of day): blank and absent both mean "none" and are stored as null. */
export const optionalText = (pattern: RegExp, messageId: 'validation.phone_number_invalid' | 'validation.time_invalid') =>
  z
    .preprocess(blankToUndefined, z.string().trim().max(30, 'validation.text_too_long').regex(pattern, messageId).nullish())
    .transform((value) => value ?? null);

/** A mobile or landline number a user gives for themselves (the user form, My account). */
export const optionalPhoneText = () => optionalText(PHONE_TEXT, 'validation.phone_number_invalid');
