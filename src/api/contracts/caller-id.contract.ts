import { z } from 'zod';
import { defineEntity } from '../entities/define-entity';
import { phoneField, textField, usersField } from '../entities/entity-fields';
import { recordIdNumber } from './input-bounds';

/**
 * /configuration/caller-id and caller-id/{id}/users (edit-caller-id): the numbers the company's outbound
 * calls may show, and who may dial out with each (CONTRACT §10). An agent's dial carries the caller id
 * they chose among theirs, else the one of lowest id; without any, the extension's default
 * (docs/telephony.md "Caller ID").
 */
export const callerIdEntity = defineEntity({
  name: 'caller-id',
  table: 'caller_ids',
  fields: {
    number: phoneField({ required: 'validation.caller_id_number_required', unique: 'validation.caller_id_number_taken', search: true, sort: true }),
    name: textField({ required: 'validation.caller_id_name_required', search: true, sort: true, max: 100 }),
    user_ids: usersField(),
  },
  combined: [{ fields: ['number', 'name'], message: 'validation.caller_id_required' }],
  defaultSort: { sort_by: 'number', sort_order: 'asc' },
  access: { read: { roles: ['manager'] }, write: { roles: ['manager'] } },
  export: true,
  // The list edits a caller id in place; its row button "Who may dial out" opens the window pop-up
  // caller-id/{id}/users (edit-caller-id), the users alone (src/features/caller-id).
  screens: { list: '/configuration/caller-id' },
});

/** The caller ids the signed-in user may dial out with, and the one their calls carry now. */
export const myCallerIdsSchema = z.object({
  data: z.array(z.object({ id: z.number().int(), number: z.string(), name: z.string() })),
  /** The id their calls carry: their choice while it is still theirs, else the lowest; null without any. */
  selected: z.number().int().nullable(),
});
export type MyCallerIds = z.infer<typeof myCallerIdsSchema>;

/** `caller-id/choose`: `id` one of the user's caller ids, or null to go back to the default (the lowest id). */
export const chooseCallerIdBodySchema = z.object({
  id: z.union([z.null(), recordIdNumber()]),
});

export const CALLER_ID_PATHS = { mine: 'caller-id/mine', choose: 'caller-id/choose' } as const;
