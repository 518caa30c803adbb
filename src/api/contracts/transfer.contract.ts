import { z } from 'zod';
import { defineEntity } from '../entities/define-entity';
import { dateTimeField, enumField, extensionField, phoneField, readOnly, switchField, userField } from '../entities/entity-fields';
import type { AccessRule } from '../resources/resource-contract';

/**
 * Call forwarding (the specification's "transfer": §2 /transfers, the pop-ups transfer/edit/{id} and
 * transfer/history, §4 "Transfer (call forwarding) can be set or removed"; CONTRACT §10). One forwarding
 * per extension: calls to `extension` go to `number` while it is `active` and, when a period is given,
 * between `starts_at` and `ends_at`. `live` says whether it applies now; the server keeps it (and the
 * company's PBX) in line as the period starts and ends. The CTI bar's forwarding dialog and the CTI API
 * (`/cti_api/index.php/transfer`, `unTransfer`, `checkTransfer`) read and write the same record
 * (docs/telephony.md "Call forwarding").
 *
 * Who: `cti_call_forwarding` (managers have every user permission, specification §6). A manager sets
 * forwarding for any extension of the company; an agent sees and changes only their own extension's
 * (server/src/routes/transfers/transfer.parts.ts).
 */
const access: AccessRule = { permission: 'cti_call_forwarding' };

export const transferEntity = defineEntity({
  name: 'transfer',
  table: 'transfers',
  fields: {
    extension: extensionField({
      required: 'validation.transfer_extension_required',
      unique: 'validation.transfer_extension_taken',
      search: true,
      sort: true,
      filter: true,
    }),
    number: phoneField({ required: 'validation.transfer_number_required', search: true, sort: true }),
    active: switchField({ default: true, filter: true, sort: true }),
    starts_at: dateTimeField({ sort: true }),
    ends_at: dateTimeField({ sort: true }),
    /** Whether calls are forwarded now: active, and within the period when one is given (set by the server). */
    live: readOnly(switchField({ filter: true, sort: true })),
  },
  ordered: [{ first: 'starts_at', then: 'ends_at', message: 'validation.transfer_period_order' }],
  defaultSort: { sort_by: 'extension', sort_order: 'asc' },
  access: { read: access, write: access },
  // The list edits in the pop-up transfer/edit/{id} (edit-transfer); its toolbar opens transfer/history.
  screens: { list: '/transfers', popups: { edit: 'edit-transfer' } },
});

export type TransferRecord = z.infer<typeof transferEntity.contract.record>;

/** Where a change of a forwarding came from (the history's `source`). */
export const TRANSFER_SOURCES = ['screen', 'cti_bar', 'cti_api', 'schedule'] as const;
export type TransferSource = (typeof TRANSFER_SOURCES)[number];

/**
 * What the change did: the record was created, changed or deleted (the transfers screen, the CTI bar or
 * API), or its period started or ended (the schedule).
 */
export const TRANSFER_ACTIONS = ['created', 'updated', 'deleted', 'started', 'ended'] as const;
export type TransferAction = (typeof TRANSFER_ACTIONS)[number];

/**
 * transfer/history (transfer-history): every change of every forwarding, written in the change's own
 * transaction, never edited: who (`user_id`, none for the schedule), when (`created_at`), the extension,
 * the number before and after, the switch and whether calls were forwarded before and after, and where
 * the change came from. `POST transfer/history` lists them all (at most 1,000), `transfer/history/list`
 * a page; filters: extension, source, user, `date_from` / `date_to` (days, Asia/Seoul).
 */
export const transferHistoryEntity = defineEntity({
  name: 'transfer-history',
  path: 'transfer/history',
  table: 'transfer_history',
  fields: {
    extension: readOnly(extensionField({ search: true, sort: true, filter: true })),
    action: readOnly(enumField(TRANSFER_ACTIONS, { default: 'updated', filter: true })),
    number_before: readOnly(phoneField({ search: true })),
    number_after: readOnly(phoneField({ search: true })),
    active_before: readOnly(switchField()),
    active_after: readOnly(switchField()),
    live_before: readOnly(switchField()),
    live_after: readOnly(switchField()),
    source: readOnly(enumField(TRANSFER_SOURCES, { default: 'screen', filter: true, sort: true })),
    user_id: readOnly(userField({ filter: true })),
  },
  periodFilter: true,
  access: { read: access, write: access },
  operations: [],
  routes: { all: true },
});

export type TransferHistoryRecord = z.infer<typeof transferHistoryEntity.contract.record>;

/** The header the app's CTI client sends, so a change it makes is told apart from other CTI API callers. */
export const CTI_CLIENT_HEADER = 'x-cti-client';
export const CTI_BAR_CLIENT = 'cti-bar';

/** Socket event to an extension's room when its forwarding changed (anywhere but its own CTI bar's request). */
export const FORWARDING_CHANGED_EVENT = 'forwarding_changed';
export const forwardingChangedSchema = z.object({ extension: z.string(), transfer: z.boolean(), number: z.string() });
export type ForwardingChangedPayload = z.infer<typeof forwardingChangedSchema>;
