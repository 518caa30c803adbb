import { AUTO_CALL_ACCESS } from '../../api/contracts/auto-call.contract';
import { announcementContract } from '../../api/contracts/announcement.contract';
import { consultationContract } from '../../api/contracts/consultation.contract';
import { memberContract } from '../../api/contracts/member.contract';
import { soundFileEntity } from '../../api/contracts/sound-file.contract';
import { timeConditionEntity } from '../../api/contracts/time-condition.contract';
import { transferHistoryEntity } from '../../api/contracts/transfer.contract';
import { INBOUND_TITLE_TEXT } from '../../machines/call/popup-queries';
import { definePopup, type PopupSpec } from './popup-types';

/**
 * Every pop-up of the specification (section 2, "Pop-up windows (under /window)") as data: its id, path,
 * size, mode, title, query and access. openPopup opens them by id with typed parameters; the app's
 * registry (src/app/popups/registry.ts) gives each one its screen, the router mounts one /window route per
 * entry and the dialog host draws them. The screens live apart so that this table, which features open
 * pop-ups from, never imports a feature.
 *
 * Modes come from the specification's two lists: the 32 pop-ups that may be a window or an in-page
 * dialog are 'either', the window-only list is 'window'. Pop-ups named in neither list (queue boards,
 * recordings, call statistics, call note) are 'window': they live under /window and are not listed as
 * dialog-capable. One inference: inbound/select-member is 'either' because it opens instead of the
 * inbound pop-up (section 4) and must appear where that one would have.
 *
 * Sizes: inbound/outbound work screens and boards use the maximum 1450×600; forms are medium; confirm-like
 * pop-ups are small.
 */

/** The inbound pop-up's `title` query: Korean for "phone call incoming time" (specification section 2). */
export const INBOUND_POPUP_TITLE = INBOUND_TITLE_TEXT;

/** The forms of manager-only screens (configuration, users): an agent opening one by its address is refused. */
const MANAGER_ONLY = { roles: ['manager'] } as const;
/** Pop-ups that only show or change one entity: the same permission its API asks for, checked before the form loads. */
const MEMBERS = { read: memberContract.access.read, create: memberContract.access.create };
const CONSULTATIONS = { read: consultationContract.access.read, update: consultationContract.access.update };
/** The statistics pop-ups: who may read /call-statistics (the server asks `call_statistics` too). `from`/`to` are Seoul days. */
const STATISTICS = { roles: ['manager', 'agent'], permission: 'call_statistics' } as const;

export const POPUP_LIST = [
  definePopup({
    id: 'inbound', path: 'inbound', width: 1450, height: 600, mode: 'either', titleId: 'popup.inbound',
    query: ['phone_no', 'ext_no', 'ring_gr', 'uniqueid', 'chanel', 'ivr_number', 'recordingfile', 'server', 'modal_id', 'title'],
    defaultQuery: { title: INBOUND_POPUP_TITLE },
  }),
  definePopup({ id: 'inbound-select-member', path: 'inbound/select-member', width: 900, height: 500, mode: 'either', titleId: 'popup.inbound-select-member', query: ['phone_no', 'uniqueid'] }),
  definePopup({ id: 'outbound', path: 'outbound/:id', width: 1450, height: 600, mode: 'either', titleId: 'popup.outbound', query: ['callback_id'] }),
  // The outbound work screen with that consultation open in its consultation form (continue it with a call).
  definePopup({ id: 'edit-outbound', path: 'outbound/:id/consultation/:consultationId', width: 1450, height: 600, mode: 'either', titleId: 'popup.edit-outbound' }),
  definePopup({ id: 'edit-consultation', access: CONSULTATIONS.update, path: 'outbound/:id/edit-consultation/:consultationId', width: 1450, height: 600, mode: 'either', titleId: 'popup.edit-consultation' }),
  definePopup({ id: 'view-consultation', access: CONSULTATIONS.read, path: 'outbound/:id/view-consultation/:consultationId', width: 1200, height: 600, mode: 'either', titleId: 'popup.view-consultation' }),
  definePopup({ id: 'outbound-select-member', path: 'outbound/select-members', width: 900, height: 500, mode: 'either', titleId: 'popup.outbound-select-member', query: ['callback_id', 'phone_number'] }),
  definePopup({ id: 'queue-status', access: { roles: ['manager', 'agent'], permission: 'queues', companyPermission: 'company_can_use_queue_board' }, path: 'queue-status', width: 1200, height: 600, mode: 'window', titleId: 'popup.queue-status', query: ['queue'] }),
  definePopup({ id: 'queue-status-v2', access: { roles: ['manager', 'agent'], permission: 'queues', companyPermission: 'company_can_use_queue_board' }, path: 'queue-status/v2', width: 1450, height: 600, mode: 'window', titleId: 'popup.queue-status-v2' }),
  definePopup({ id: 'edit-queue-status-label', access: { roles: ['manager', 'agent'], permission: 'queues', companyPermission: 'company_can_use_queue_board' }, path: 'queue-status/label/edit/:id', width: 465, height: 480, mode: 'window', titleId: 'popup.edit-queue-status-label' }),
  // The queue report: who may watch the board and whose user info has queue_report_status (users screen).
  definePopup({ id: 'queue-status-report', access: { roles: ['manager', 'agent'], permission: 'queues', companyPermission: 'company_can_use_queue_board', userInfoFlag: 'queue_report_status' }, path: 'queue-status-report', width: 1200, height: 600, mode: 'window', titleId: 'popup.queue-status-report' }),
  definePopup({ id: 'queue-all', access: { roles: ['manager', 'agent'], permission: 'queues', companyPermission: 'company_can_use_queue_board' }, path: 'queue-all', width: 1450, height: 600, mode: 'window', titleId: 'popup.queue-all' }),
  definePopup({ id: 'consultation-recording-file', path: 'consultation-recording-file', width: 600, height: 240, mode: 'window', titleId: 'popup.consultation-recording-file', query: ['unique_id', 'src', 'dst'] }),
  definePopup({ id: 'consultation-one-touch-recording-file', path: 'consultation-one-touch-recording-file', width: 600, height: 200, mode: 'window', titleId: 'popup.consultation-one-touch-recording-file', query: ['unique_id', 'src', 'dst'] }),
  definePopup({ id: 'add-member', access: MEMBERS.create, path: 'member/add', width: 800, height: 600, mode: 'either', titleId: 'popup.add-member' }),
  definePopup({ id: 'outbound-history', path: 'member/outbound/history/:id', width: 1200, height: 600, mode: 'either', titleId: 'popup.outbound-history' }),
  definePopup({ id: 'outbound-company-list', access: MEMBERS.read, path: 'member/outbound/list/:companyName', width: 1000, height: 500, mode: 'either', titleId: 'popup.outbound-company-list' }),
  // Announcements (docs/announcements.md): the admin and managers write them, everyone reads them.
  definePopup({ id: 'add-announcement', access: announcementContract.access.create, path: 'announcement/add', width: 900, height: 600, mode: 'either', titleId: 'popup.add-announcement' }),
  definePopup({ id: 'edit-announcement', access: announcementContract.access.update, path: 'announcement/edit/:id', width: 900, height: 600, mode: 'either', titleId: 'popup.edit-announcement' }),
  definePopup({ id: 'view-announcement', access: announcementContract.access.read, path: 'view-announcement/:id', width: 800, height: 500, mode: 'either', titleId: 'popup.view-announcement' }),
  definePopup({ id: 'send-sms', path: 'send-sms/:number', width: 600, height: 500, mode: 'either', titleId: 'popup.send-sms' }),
  definePopup({ id: 'add-message-template', path: 'add-message-template', width: 700, height: 450, mode: 'either', titleId: 'popup.add-message-template' }),
  definePopup({ id: 'edit-message-template', path: 'edit-message-template/:id', width: 700, height: 450, mode: 'either', titleId: 'popup.edit-message-template' }),
  definePopup({ id: 'consultation-add-custom-field', access: MANAGER_ONLY, path: 'consultation/add-custom-field', width: 600, height: 400, mode: 'either', titleId: 'popup.consultation-add-custom-field' }),
  definePopup({ id: 'consultation-edit-custom-field', access: MANAGER_ONLY, path: 'consultation/edit-custom-field/:id', width: 600, height: 400, mode: 'either', titleId: 'popup.consultation-edit-custom-field' }),
  definePopup({ id: 'edit-caller-id', access: MANAGER_ONLY, path: 'caller-id/:id/users', width: 800, height: 500, mode: 'window', titleId: 'popup.edit-caller-id' }),
  definePopup({ id: 'add-user', access: MANAGER_ONLY, path: 'user/add', width: 900, height: 600, mode: 'either', titleId: 'popup.add-user' }),
  definePopup({ id: 'edit-user-permission', access: MANAGER_ONLY, path: 'user/edit-permission/:id', width: 1000, height: 600, mode: 'either', titleId: 'popup.edit-user-permission' }),
  definePopup({ id: 'add-project', path: 'project/add', width: 700, height: 500, mode: 'either', titleId: 'popup.add-project' }),
  definePopup({ id: 'edit-project', path: 'project/edit/:id', width: 700, height: 500, mode: 'either', titleId: 'popup.edit-project' }),
  definePopup({ id: 'add-task', path: 'task/add', width: 900, height: 600, mode: 'either', titleId: 'popup.add-task' }),
  definePopup({ id: 'edit-task', path: 'task/edit/:id', width: 900, height: 600, mode: 'either', titleId: 'popup.edit-task' }),
  definePopup({ id: 'edit-task-progress', path: 'task/edit-progress/:id', width: 600, height: 300, mode: 'either', titleId: 'popup.edit-task-progress' }),
  definePopup({ id: 'view-task', path: 'view-task/:id', width: 900, height: 600, mode: 'either', titleId: 'popup.view-task' }),
  definePopup({ id: 'view-schedule', path: 'view-schedule/:id', width: 700, height: 450, mode: 'window', titleId: 'popup.view-schedule' }),
  definePopup({ id: 'update-schedule', path: 'schedules/:date', width: 900, height: 600, mode: 'window', titleId: 'popup.update-schedule' }),
  definePopup({ id: 'edit-callback-number', path: 'messages/edit-callback/:id', width: 500, height: 250, mode: 'either', titleId: 'popup.edit-callback-number' }),
  definePopup({ id: 'add-messages-category', path: 'messages/category/add', width: 600, height: 350, mode: 'either', titleId: 'popup.add-messages-category' }),
  definePopup({ id: 'add-time-condition', path: 'time-condition/add/:keyword/:type', width: 800, height: 500, mode: 'either', titleId: 'popup.add-time-condition' }),
  definePopup({ id: 'edit-time-condition', path: 'time-condition/edit/:id/:keyword/:type', width: 800, height: 500, mode: 'either', titleId: 'popup.edit-time-condition' }),
  definePopup({ id: 'time-condition-sound-file', access: timeConditionEntity.contract.access.update, path: 'time-conditions/sound-file/:index/:list', width: 700, height: 450, mode: 'window', titleId: 'popup.time-condition-sound-file' }),
  definePopup({ id: 'transfer-history', access: transferHistoryEntity.contract.access.read, path: 'transfer/history', width: 1000, height: 500, mode: 'either', titleId: 'popup.transfer-history' }),
  definePopup({ id: 'edit-transfer', path: 'transfer/edit/:id', width: 600, height: 300, mode: 'either', titleId: 'popup.edit-transfer' }),
  definePopup({ id: 'send-message', path: 'send-message', width: 700, height: 500, mode: 'window', titleId: 'popup.send-message' }),
  // Wide and tall enough for the called member and the consultation form under the dial form (QA).
  definePopup({ id: 'outbound-popup', path: 'outbound-popup/:phoneNumber?', width: 900, height: 600, mode: 'window', titleId: 'popup.outbound-popup', query: ['callback_id'] }),
  definePopup({ id: 'inbound-details', path: 'inbound-details', width: 1450, height: 600, mode: 'window', titleId: 'popup.inbound-details' }),
  definePopup({ id: 'outbound-details', path: 'outbound-details', width: 1450, height: 600, mode: 'window', titleId: 'popup.outbound-details' }),
  definePopup({ id: 'inbound-statistics', access: STATISTICS, path: 'inbound-statistics', width: 1450, height: 600, mode: 'window', titleId: 'popup.inbound-statistics', query: ['from', 'to', 'bucket', 'queue', 'extension'] }),
  definePopup({ id: 'call-statistics', access: STATISTICS, path: 'call-statistics', width: 1450, height: 600, mode: 'window', titleId: 'popup.call-statistics', query: ['from', 'to', 'bucket', 'queue', 'extension', 'direction'] }),
  definePopup({ id: 'add-sound-file', path: 'upload-sound-file', width: 600, height: 300, mode: 'window', titleId: 'popup.add-sound-file' }),
  definePopup({ id: 'open-sound-files', access: soundFileEntity.contract.access.read, path: 'sound-files/:extension', width: 800, height: 500, mode: 'window', titleId: 'popup.open-sound-files' }),
  definePopup({ id: 'auto-call-system', access: AUTO_CALL_ACCESS, path: 'auto-call-system', width: 1450, height: 600, mode: 'window', titleId: 'popup.auto-call-system' }),
  definePopup({ id: 'upload-auto-call-system-data', access: AUTO_CALL_ACCESS, path: 'auto-call-system/upload', width: 600, height: 300, mode: 'window', titleId: 'popup.upload-auto-call-system-data', query: ['campaign_id'] }),
  definePopup({ id: 'export-auto-call-system-data', access: AUTO_CALL_ACCESS, path: 'auto-call-system/export', width: 465, height: 200, mode: 'window', titleId: 'popup.export-auto-call-system-data', query: ['campaign_id'] }),
  definePopup({ id: 'delete-auto-call-system-data', access: AUTO_CALL_ACCESS, path: 'auto-call-system/delete', width: 465, height: 160, mode: 'window', titleId: 'popup.delete-auto-call-system-data', query: ['campaign_id'] }),
  definePopup({ id: 'public-auto-call-system', access: AUTO_CALL_ACCESS, path: 'auto-call-system/public', width: 1450, height: 600, mode: 'window', titleId: 'popup.public-auto-call-system' }),
  definePopup({ id: 'upload-public-auto-call-system-data', access: AUTO_CALL_ACCESS, path: 'auto-call-system/public/upload', width: 600, height: 300, mode: 'window', titleId: 'popup.upload-public-auto-call-system-data', query: ['campaign_id'] }),
  definePopup({ id: 'export-public-auto-call-system-data', access: AUTO_CALL_ACCESS, path: 'auto-call-system/public/export', width: 465, height: 200, mode: 'window', titleId: 'popup.export-public-auto-call-system-data', query: ['campaign_id'] }),
  definePopup({ id: 'delete-public-auto-call-system-data', access: AUTO_CALL_ACCESS, path: 'auto-call-system/public/delete', width: 465, height: 160, mode: 'window', titleId: 'popup.delete-public-auto-call-system-data', query: ['campaign_id'] }),
  definePopup({ id: 'call-note', path: 'call-note', width: 700, height: 450, mode: 'window', titleId: 'popup.call-note', query: ['url'] }),
  definePopup({ id: 'add-blacklist', path: 'blacklist/add', width: 500, height: 300, mode: 'either', titleId: 'popup.add-blacklist' }),
  definePopup({ id: 'edit-company-worktime', access: { roles: ['manager', 'agent'], permission: 'worktime_switch' }, path: 'company/worktime/edit', width: 800, height: 500, mode: 'window', titleId: 'popup.edit-company-worktime' }),
  definePopup({ id: 'view-extension-status-data-analysis', access: STATISTICS, path: 'view-extension-status-data-analysis/:extension', width: 1200, height: 600, mode: 'window', titleId: 'popup.view-extension-status-data-analysis', query: ['date'] }),
] as const;

export const POPUP_SPECS: readonly PopupSpec[] = POPUP_LIST;

export type PopupEntry = (typeof POPUP_LIST)[number];
export type PopupId = PopupEntry['id'];
export type PopupEntryOf<Id extends PopupId> = Extract<PopupEntry, { id: Id }>;

const byId = new Map<string, PopupSpec>(POPUP_SPECS.map((spec) => [spec.id, spec]));

export function getPopupSpec(id: string): PopupSpec | undefined {
  return byId.get(id);
}

/** URL prefix of every pop-up route. */
export const POPUP_BASE = '/window';
