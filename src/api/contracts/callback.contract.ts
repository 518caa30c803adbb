import { z } from 'zod';
import { defineResourceContract, recordIdSchema } from '../resources/resource-contract';
import { phoneNumberInputSchema } from './member.contract';

/**
 * Callbacks (issue 4 item 5; the "call back list" of specification §2): people to call back. The call
 * recorder opens one when a queue call is missed or abandoned; agents add them by hand too. There is at
 * most one open callback per number and company: a second missed call from the same number raises its
 * `attempts` and `last_call_at` instead of adding a row (the duplicate-callback complaint).
 */

/** `open` and `in_progress` are "open" (de-duplicated); `done` and `cancelled` close a callback. */
export const CALLBACK_STATUSES = ['open', 'in_progress', 'done', 'cancelled'] as const;
export type CallbackStatus = (typeof CALLBACK_STATUSES)[number];
export const OPEN_CALLBACK_STATUSES: readonly CallbackStatus[] = ['open', 'in_progress'];
export const isOpenCallbackStatus = (status: CallbackStatus) => OPEN_CALLBACK_STATUSES.includes(status);

export const CALLBACK_SOURCES = ['missed_call', 'manual'] as const;
export type CallbackSource = (typeof CALLBACK_SOURCES)[number];

/**
 * The system's own calls back for a callback group (docs/calls.md "Automatic callbacks"): a try is
 * `scheduled` (due at `next_attempt_at`), `calling` (an agent's phone and the caller are being
 * rung), `connected` (the caller answered: the callback is in progress), `exhausted` (the group's
 * `max_attempts` ran out: people take it from here) or `stopped` (closed or taken by hand first).
 */
export const AUTO_CALLBACK_STATES = ['scheduled', 'calling', 'connected', 'exhausted', 'stopped'] as const;
export type AutoCallbackState = (typeof AUTO_CALLBACK_STATES)[number];

/**
 * Beyond CONTRACT §8, to the agent's extension room: the PBX is calling a callback back through this
 * extension (an automatic try). The phone opens the outbound pop-up for the number with the callback,
 * as the callback list's "Call back" does.
 */
export const CALLBACK_CALL_EVENT = 'callback_call';
export interface CallbackCallPayload {
  extension: string;
  uniqueid: string;
  callback_id: number;
  phone_number: string;
}

/** The status filter also takes `active`: open or in progress (the screen's default). */
export const CALLBACK_STATUS_FILTERS = ['active', ...CALLBACK_STATUSES] as const;
export const CALLBACK_ASSIGNMENT_FILTERS = ['mine', 'unassigned'] as const;

export const callbackSchema = z.object({
  id: z.number().int(),
  /** Normalised digits (`010-5555-0001` → `01055550001`). */
  phone_number: z.string(),
  is_mobile: z.boolean(),
  status: z.enum(CALLBACK_STATUSES),
  assigned_user_id: z.number().int().nullable(),
  assigned_user_name: z.string().nullable(),
  /** Missed or abandoned calls from the number while this callback was open. */
  attempts: z.number().int(),
  /** The last missed call, or when the callback was added by hand. */
  last_call_at: z.string(),
  /** The last missed call (its uniqueid), for the call log and its recording. */
  last_uniqueid: z.string().nullable(),
  queue: z.string().nullable(),
  source: z.enum(CALLBACK_SOURCES),
  note: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
  closed_at: z.string().nullable(),
  /** Null when nobody calls this number back automatically. */
  auto_state: z.enum(AUTO_CALLBACK_STATES).nullable(),
  /** The system's tries so far (not the caller's missed calls, which are `attempts`). */
  auto_attempts: z.number().int(),
  next_attempt_at: z.string().nullable(),
});

export const callbackInputSchema = z.object({
  phone_number: phoneNumberInputSchema,
  note: z
    .string()
    .trim()
    .max(500, 'validation.text_too_long')
    .nullish()
    .transform((value) => value || null),
});

export const callbackContract = defineResourceContract({
  entity: 'callback',
  path: 'callback',
  record: callbackSchema,
  input: callbackInputSchema,
  filters: {
    status: z.enum(CALLBACK_STATUS_FILTERS, { error: 'validation.invalid_value' }),
    assignment: z.enum(CALLBACK_ASSIGNMENT_FILTERS, { error: 'validation.invalid_value' }),
  },
  sortFields: ['last_call_at', 'attempts', 'status', 'phone_number', 'created_at', 'id'],
  defaultSort: { sort_by: 'last_call_at', sort_order: 'desc' },
  searchable: true,
  // Which callbacks an agent sees depends on `callback_share` (server side, docs/calls.md); assigning is
  // a manager's call (`callback/assign`), the status any user who sees the callback (`callback/status`).
  access: {
    read: { permission: 'callbacks' },
    create: { permission: 'callbacks' },
    update: { permission: 'callbacks' },
    delete: { roles: ['manager'] },
  },
});

export const CALLBACK_PATHS = {
  assign: 'callback/assign',
  status: 'callback/status',
  assignees: 'callback/assignees',
} as const;

export const callbackAssignSchema = z.object({
  id: recordIdSchema,
  /** null unassigns. */
  user_id: z.union([recordIdSchema, z.null()], { error: 'validation.callback_assignee_unknown' }),
});

export const callbackStatusSchema = z.object({
  id: recordIdSchema,
  status: z.enum(CALLBACK_STATUSES, { error: 'validation.invalid_value' }),
});

export const callbackAssigneeSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  extension: z.string().nullable(),
  role: z.enum(['manager', 'agent']),
});
export const callbackAssigneesResponseSchema = z.object({ data: z.array(callbackAssigneeSchema) });

export type Callback = z.infer<typeof callbackSchema>;
export type CallbackInput = z.input<typeof callbackInputSchema>;
export type CallbackAssignee = z.infer<typeof callbackAssigneeSchema>;
