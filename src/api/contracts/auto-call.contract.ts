import { z } from 'zod';
import { DEFAULT_MAX_ABANDON_RATE } from '../auto-call/pacing';
import { defineEntity } from '../entities/define-entity';
import { countField, decimalField, enumField, extensionsField, numberField, phoneField, readOnly, soundFileField, textField, timeWindowField, type TimeWindow } from '../entities/entity-fields';
import type { AccessRule } from '../resources/resource-contract';
import { recordIdNumber } from './input-bounds';

/**
 * Auto-call campaigns (issue 19, CONTRACT §10 and §13; docs/auto-call.md). A campaign dials a list of
 * numbers for the company: `studymax` connects answered calls to the campaign's agents (`extensions`,
 * `multiple` lines per free agent), `public` plays `sound_file_id` to whoever answers and connects to an
 * agent when the callee presses 1 (`multiple` channels). Numbers are dialled by `pacing` inside
 * `call_window` (Asia/Seoul, never outside it), each at most `max_attempts` times, `retry_delay_s` apart.
 * `state` is set by the run (`auto-call/start|pause|resume|cancel`), never by the form.
 */
export const AUTO_CALL_VARIANTS = ['studymax', 'public'] as const;
export type AutoCallVariant = (typeof AUTO_CALL_VARIANTS)[number];

export const AUTO_CALL_PACINGS = ['preview', 'progressive', 'predictive'] as const;

/** CONTRACT §13: the specification's `ready`, `on_going`, `complete`, plus `paused` and `cancelled`. */
export const AUTO_CALL_STATES = ['ready', 'on_going', 'complete', 'paused', 'cancelled'] as const;
export type AutoCallState = (typeof AUTO_CALL_STATES)[number];

/** How each number ends (CONTRACT §13); null until it does. A blacklisted number is never dialled (`block`). */
export const AUTO_CALL_RESULTS = ['machine', 'busy', 'success', 'listen_hangup', 'block', 'dropcall', 'no_answer'] as const;
export type AutoCallResult = (typeof AUTO_CALL_RESULTS)[number];

export const AUTO_CALL_DEFAULT_WINDOW: TimeWindow = { start: '08:00', end: '21:00' };
export const AUTO_CALL_MAX_ABANDON_RATE = 0.2;
export const AUTO_CALL_DEFAULT_ATTEMPTS = 3;
export const AUTO_CALL_MAX_ATTEMPTS = 10;
export const AUTO_CALL_DEFAULT_RETRY_DELAY_S = 600;
/** The most lines (studymax: per free agent) or channels (public) a campaign may take. */
export const AUTO_CALL_MAX_MULTIPLE = 100;

/** Who may see and run campaigns: the user permission and the company's (as the routes use). */
export const AUTO_CALL_ACCESS: AccessRule = {
  permission: 'auto_call_system',
  companyPermission: 'company_can_use_auto_call',
  companyDenied: 'auto-call.company_denied',
};

export const autoCallEntity = defineEntity({
  name: 'auto-call',
  path: 'auto-call',
  table: 'auto_call_campaigns',
  fields: {
    name: textField({ required: 'validation.auto_call_name_required', search: true, sort: true, max: 100 }),
    // Fixed by the route (/auto-call-system or /auto-call-system/public): each screen lists its own.
    variant: enumField(AUTO_CALL_VARIANTS, { default: 'studymax', filter: true, sort: true }),
    // One of the company's caller ids (its number): the server checks it.
    caller_id: { ...phoneField({ required: 'validation.auto_call_caller_id_required', search: true }), references: 'caller-id' },
    multiple: numberField({ required: 'validation.auto_call_multiple_required', min: 1, max: AUTO_CALL_MAX_MULTIPLE }),
    extensions: extensionsField({ required: 'validation.auto_call_extensions_required' }),
    // Required for `public` (the server checks it; validation.auto_call_sound_file_required).
    sound_file_id: soundFileField(),
    pacing: enumField(AUTO_CALL_PACINGS, { default: 'progressive', filter: true, sort: true }),
    max_abandon_rate: decimalField({ min: 0, max: AUTO_CALL_MAX_ABANDON_RATE, default: DEFAULT_MAX_ABANDON_RATE }),
    call_window: timeWindowField({ default: AUTO_CALL_DEFAULT_WINDOW, orderMessage: 'validation.auto_call_window_order' }),
    max_attempts: countField({ min: 1, max: AUTO_CALL_MAX_ATTEMPTS, default: AUTO_CALL_DEFAULT_ATTEMPTS }),
    retry_delay_s: countField({ min: 0, max: 86_400, default: AUTO_CALL_DEFAULT_RETRY_DELAY_S }),
    state: readOnly(enumField(AUTO_CALL_STATES, { default: 'ready', filter: true, sort: true })),
  },
  // Specification §5: "multiple and caller id required" is one message when both are missing.
  combined: [{ fields: ['multiple', 'caller_id'], message: 'validation.auto_call_multiple_caller_id_required' }],
  defaultSort: { sort_by: 'name', sort_order: 'asc' },
  access: { read: AUTO_CALL_ACCESS, write: AUTO_CALL_ACCESS },
  invalidates: ['auto-call/numbers'],
});

export type AutoCallCampaign = z.infer<typeof autoCallEntity.contract.record>;

// --- numbers (CONTRACT §13) ---------------------------------------------------------------------------

export const AUTO_CALL_PATHS = {
  upload: 'auto-call/upload',
  numbers: 'auto-call/numbers',
  export: 'auto-call/export',
  deleteData: 'auto-call/data/delete',
  summary: 'auto-call/summary',
  callerIds: 'auto-call/caller-ids',
  start: 'auto-call/start',
  pause: 'auto-call/pause',
  resume: 'auto-call/resume',
  cancel: 'auto-call/cancel',
} as const;

/** The run's buttons, by the campaign's state (a POST `{ id }` each; the runner answers them). */
export const AUTO_CALL_RUN_ACTIONS = ['start', 'pause', 'resume', 'cancel'] as const;
export type AutoCallRunAction = (typeof AUTO_CALL_RUN_ACTIONS)[number];
export const AUTO_CALL_ACTIONS_BY_STATE: Record<AutoCallState, readonly AutoCallRunAction[]> = {
  ready: ['start'],
  on_going: ['pause', 'cancel'],
  paused: ['resume', 'cancel'],
  complete: [],
  cancelled: [],
};

export const autoCallCampaignIdBodySchema = z.object({ campaign_id: recordIdNumber() });
export const autoCallRunBodySchema = z.object({ id: recordIdNumber() });

export const AUTO_CALL_NUMBER_PAGE_SIZES = [10, 20, 30, 40, 50, 100] as const;

export const autoCallNumbersBodySchema = z.object({
  campaign_id: recordIdNumber(),
  page: z.coerce.number().int().min(1).default(1),
  per_page: z.coerce
    .number()
    .int()
    .refine((n) => (AUTO_CALL_NUMBER_PAGE_SIZES as readonly number[]).includes(n), 'validation.per_page_invalid')
    .default(10),
  result: z.enum([...AUTO_CALL_RESULTS, 'pending']).optional(),
});

export const autoCallNumberSchema = z.object({
  id: z.number().int(),
  phone_number: z.string(),
  member_id: z.number().int().nullable(),
  attempts: z.number().int(),
  result: z.enum(AUTO_CALL_RESULTS).nullable(),
  last_attempt_at: z.string().nullable(),
});
export type AutoCallNumber = z.infer<typeof autoCallNumberSchema>;

export const autoCallNumbersPageSchema = z.object({
  data: z.array(autoCallNumberSchema),
  current_page: z.number().int(),
  per_page: z.number().int(),
  total: z.number().int(),
  last_page: z.number().int(),
});

/** Per campaign of the caller's company: how many numbers, how many still to end, and each result. */
export const autoCallCountsSchema = z.object({
  campaign_id: z.number().int(),
  total: z.number().int(),
  pending: z.number().int(),
  results: z.record(z.enum(AUTO_CALL_RESULTS), z.number().int()),
});
export type AutoCallCounts = z.infer<typeof autoCallCountsSchema>;
export const autoCallSummarySchema = z.object({ data: z.array(autoCallCountsSchema) });

export const autoCallDeleteAnswerSchema = z.object({ deleted: z.number().int() });

/** The company's caller ids a campaign may show (`auto-call/caller-ids`), for whoever may run campaigns. */
export const autoCallCallerIdsSchema = z.object({ data: z.array(z.object({ id: z.number().int(), number: z.string(), name: z.string() })) });
