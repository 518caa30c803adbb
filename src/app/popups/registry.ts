import { consultationContract } from '../../api/contracts/consultation.contract';
import { memberContract } from '../../api/contracts/member.contract';
import { definePopup, type PopupDef } from './popup-types';
import { INBOUND_TITLE_TEXT } from '../../machines/call/popup-queries';

/**
 * Every pop-up of the specification (section 2, "Pop-up windows (under /window)") in one place: the
 * router mounts one /window route per entry, openPopup opens them, the dialog host renders them.
 *
 * Modes come from the specification's two lists: the 32 pop-ups that may be a window or an in-page
 * dialog are 'either', the window-only list is 'window'. Pop-ups named in neither list (queue boards,
 * recordings, call statistics, call note) are 'window': they live under /window and are not listed as
 * dialog-capable. One inference: inbound/select-member is 'either' because it opens instead of the
 * inbound pop-up (section 4) and must appear where that one would have.
 *
 * Sizes: inbound/outbound work screens and boards use the maximum 1450×600; forms are medium; confirm-like
 * pop-ups are small. An entry whose feature is not built yet shows NotAvailableYet (`screen` below).
 */

/** The inbound pop-up's `title` query: Korean for "phone call incoming time" (specification section 2). */
export const INBOUND_POPUP_TITLE = INBOUND_TITLE_TEXT;

const screen = () => import('../../ui/feedback/not-available-yet');

/** The forms of manager-only screens (configuration, users): an agent opening one by its address is refused. */
const MANAGER_ONLY = { roles: ['manager'] } as const;
/** Pop-ups that only show or change one entity: the same permission its API asks for, checked before the form loads. */
const MEMBERS = { read: memberContract.access.read, create: memberContract.access.create };
const CONSULTATIONS = { read: consultationContract.access.read, update: consultationContract.access.update };

export const POPUP_LIST = [
  definePopup({
    id: 'inbound', path: 'inbound', width: 1450, height: 600, mode: 'either', titleId: 'popup.inbound',
    query: ['phone_no', 'ext_no', 'ring_gr', 'uniqueid', 'chanel', 'ivr_number', 'recordingfile', 'server', 'modal_id', 'title'],
    defaultQuery: { title: INBOUND_POPUP_TITLE },
    screen: () => import('../../features/inbound-call/inbound-popup'),
  }),
  definePopup({ id: 'inbound-select-member', path: 'inbound/select-member', width: 900, height: 500, mode: 'either', titleId: 'popup.inbound-select-member', query: ['phone_no', 'uniqueid'], screen: () => import('../../features/inbound-call/select-member-popup') }),
  definePopup({ id: 'outbound', path: 'outbound/:id', width: 1450, height: 600, mode: 'either', titleId: 'popup.outbound', query: ['callback_id'], screen: () => import('../../features/outbound-call/outbound-member-popup') }),
  // The outbound work screen with that consultation open in its consultation form (continue it with a call).
  definePopup({ id: 'edit-outbound', path: 'outbound/:id/consultation/:consultationId', width: 1450, height: 600, mode: 'either', titleId: 'popup.edit-outbound', screen: () => import('../../features/outbound-call/outbound-member-popup') }),
  definePopup({ id: 'edit-consultation', access: CONSULTATIONS.update, path: 'outbound/:id/edit-consultation/:consultationId', width: 1450, height: 600, mode: 'either', titleId: 'popup.edit-consultation', screen: () => import('../../features/consultations/edit-consultation-popup') }),
  definePopup({ id: 'view-consultation', access: CONSULTATIONS.read, path: 'outbound/:id/view-consultation/:consultationId', width: 1200, height: 600, mode: 'either', titleId: 'popup.view-consultation', screen: () => import('../../features/consultations/view-consultation-popup') }),
  definePopup({ id: 'outbound-select-member', path: 'outbound/select-members', width: 900, height: 500, mode: 'either', titleId: 'popup.outbound-select-member', query: ['callback_id', 'phone_number'], screen: () => import('../../features/outbound-call/outbound-select-members-popup') }),
  definePopup({ id: 'queue-status', path: 'queue-status', width: 1200, height: 600, mode: 'window', titleId: 'popup.queue-status', query: ['queue'], screen }),
  definePopup({ id: 'queue-status-v2', path: 'queue-status/v2', width: 1450, height: 600, mode: 'window', titleId: 'popup.queue-status-v2', screen }),
  definePopup({ id: 'edit-queue-status-label', path: 'queue-status/label/edit/:id', width: 465, height: 200, mode: 'window', titleId: 'popup.edit-queue-status-label', screen }),
  definePopup({ id: 'queue-status-report', path: 'queue-status-report', width: 1200, height: 600, mode: 'window', titleId: 'popup.queue-status-report', screen }),
  definePopup({ id: 'queue-all', path: 'queue-all', width: 1450, height: 600, mode: 'window', titleId: 'popup.queue-all', screen }),
  definePopup({ id: 'consultation-recording-file', path: 'consultation-recording-file', width: 600, height: 240, mode: 'window', titleId: 'popup.consultation-recording-file', query: ['unique_id', 'src', 'dst'], screen: () => import('../../features/recordings/consultation-recording-file-popup') }),
  definePopup({ id: 'consultation-one-touch-recording-file', path: 'consultation-one-touch-recording-file', width: 600, height: 200, mode: 'window', titleId: 'popup.consultation-one-touch-recording-file', query: ['unique_id', 'src', 'dst'], screen: () => import('../../features/recordings/consultation-one-touch-recording-file-popup') }),
  definePopup({ id: 'add-member', access: MEMBERS.create, path: 'member/add', width: 800, height: 600, mode: 'either', titleId: 'popup.add-member', screen: () => import('../../features/members/add-member-popup') }),
  definePopup({ id: 'outbound-history', path: 'member/outbound/history/:id', width: 1200, height: 600, mode: 'either', titleId: 'popup.outbound-history', screen: () => import('../../features/call-history/outbound-history-popup') }),
  definePopup({ id: 'outbound-company-list', access: MEMBERS.read, path: 'member/outbound/list/:companyName', width: 1000, height: 500, mode: 'either', titleId: 'popup.outbound-company-list', screen: () => import('../../features/members/company-members-popup') }),
  definePopup({ id: 'add-announcement', path: 'announcement/add', width: 900, height: 600, mode: 'either', titleId: 'popup.add-announcement', screen }),
  definePopup({ id: 'edit-announcement', path: 'announcement/edit/:id', width: 900, height: 600, mode: 'either', titleId: 'popup.edit-announcement', screen }),
  definePopup({ id: 'view-announcement', path: 'view-announcement/:id', width: 800, height: 500, mode: 'either', titleId: 'popup.view-announcement', screen }),
  definePopup({ id: 'send-sms', path: 'send-sms/:number', width: 600, height: 500, mode: 'either', titleId: 'popup.send-sms', screen }),
  definePopup({ id: 'add-message-template', path: 'add-message-template', width: 700, height: 450, mode: 'either', titleId: 'popup.add-message-template', screen }),
  definePopup({ id: 'edit-message-template', path: 'edit-message-template/:id', width: 700, height: 450, mode: 'either', titleId: 'popup.edit-message-template', screen }),
  definePopup({ id: 'consultation-add-custom-field', access: MANAGER_ONLY, path: 'consultation/add-custom-field', width: 600, height: 400, mode: 'either', titleId: 'popup.consultation-add-custom-field', screen: () => import('../../features/consultation-settings/add-custom-field-popup') }),
  definePopup({ id: 'consultation-edit-custom-field', access: MANAGER_ONLY, path: 'consultation/edit-custom-field/:id', width: 600, height: 400, mode: 'either', titleId: 'popup.consultation-edit-custom-field', screen: () => import('../../features/consultation-settings/edit-custom-field-popup') }),
  definePopup({ id: 'edit-caller-id', path: 'caller-id/:id/users', width: 800, height: 500, mode: 'window', titleId: 'popup.edit-caller-id', screen }),
  definePopup({ id: 'add-user', access: MANAGER_ONLY, path: 'user/add', width: 900, height: 600, mode: 'either', titleId: 'popup.add-user', screen: () => import('../../features/users/add-user-popup') }),
  definePopup({ id: 'edit-user-permission', access: MANAGER_ONLY, path: 'user/edit-permission/:id', width: 1000, height: 600, mode: 'either', titleId: 'popup.edit-user-permission', screen: () => import('../../features/users/edit-permission-popup') }),
  definePopup({ id: 'add-project', path: 'project/add', width: 700, height: 500, mode: 'either', titleId: 'popup.add-project', screen }),
  definePopup({ id: 'edit-project', path: 'project/edit/:id', width: 700, height: 500, mode: 'either', titleId: 'popup.edit-project', screen }),
  definePopup({ id: 'add-task', path: 'task/add', width: 900, height: 600, mode: 'either', titleId: 'popup.add-task', screen }),
  definePopup({ id: 'edit-task', path: 'task/edit/:id', width: 900, height: 600, mode: 'either', titleId: 'popup.edit-task', screen }),
  definePopup({ id: 'edit-task-progress', path: 'task/edit-progress/:id', width: 600, height: 300, mode: 'either', titleId: 'popup.edit-task-progress', screen }),
  definePopup({ id: 'view-task', path: 'view-task/:id', width: 900, height: 600, mode: 'either', titleId: 'popup.view-task', screen }),
  definePopup({ id: 'view-schedule', path: 'view-schedule/:id', width: 700, height: 450, mode: 'window', titleId: 'popup.view-schedule', screen }),
  definePopup({ id: 'update-schedule', path: 'schedules/:date', width: 900, height: 600, mode: 'window', titleId: 'popup.update-schedule', screen }),
  definePopup({ id: 'edit-callback-number', path: 'messages/edit-callback/:id', width: 500, height: 250, mode: 'either', titleId: 'popup.edit-callback-number', screen }),
  definePopup({ id: 'add-messages-category', path: 'messages/category/add', width: 600, height: 350, mode: 'either', titleId: 'popup.add-messages-category', screen }),
  definePopup({ id: 'add-time-condition', path: 'time-condition/add/:keyword/:type', width: 800, height: 500, mode: 'either', titleId: 'popup.add-time-condition', screen }),
  definePopup({ id: 'edit-time-condition', path: 'time-condition/edit/:id/:keyword/:type', width: 800, height: 500, mode: 'either', titleId: 'popup.edit-time-condition', screen }),
  definePopup({ id: 'time-condition-sound-file', path: 'time-conditions/sound-file/:index/:list', width: 700, height: 450, mode: 'window', titleId: 'popup.time-condition-sound-file', screen }),
  definePopup({ id: 'transfer-history', path: 'transfer/history', width: 1000, height: 500, mode: 'either', titleId: 'popup.transfer-history', screen }),
  definePopup({ id: 'edit-transfer', path: 'transfer/edit/:id', width: 600, height: 300, mode: 'either', titleId: 'popup.edit-transfer', screen }),
  definePopup({ id: 'send-message', path: 'send-message', width: 700, height: 500, mode: 'window', titleId: 'popup.send-message', screen }),
  // Wide and tall enough for the called member and the consultation form under the dial form (QA).
  definePopup({ id: 'outbound-popup', path: 'outbound-popup/:phoneNumber?', width: 900, height: 600, mode: 'window', titleId: 'popup.outbound-popup', query: ['callback_id'], screen: () => import('../../features/outbound-call/outbound-dial-popup') }),
  definePopup({ id: 'inbound-details', path: 'inbound-details', width: 1450, height: 600, mode: 'window', titleId: 'popup.inbound-details', screen }),
  definePopup({ id: 'outbound-details', path: 'outbound-details', width: 1450, height: 600, mode: 'window', titleId: 'popup.outbound-details', screen }),
  definePopup({ id: 'inbound-statistics', path: 'inbound-statistics', width: 1450, height: 600, mode: 'window', titleId: 'popup.inbound-statistics', screen }),
  definePopup({ id: 'call-statistics', path: 'call-statistics', width: 1450, height: 600, mode: 'window', titleId: 'popup.call-statistics', screen }),
  definePopup({ id: 'add-sound-file', path: 'upload-sound-file', width: 600, height: 300, mode: 'window', titleId: 'popup.add-sound-file', screen }),
  definePopup({ id: 'open-sound-files', path: 'sound-files/:extension', width: 800, height: 500, mode: 'window', titleId: 'popup.open-sound-files', screen }),
  definePopup({ id: 'auto-call-system', path: 'auto-call-system', width: 1450, height: 600, mode: 'window', titleId: 'popup.auto-call-system', screen }),
  definePopup({ id: 'upload-auto-call-system-data', path: 'auto-call-system/upload', width: 600, height: 300, mode: 'window', titleId: 'popup.upload-auto-call-system-data', screen }),
  definePopup({ id: 'export-auto-call-system-data', path: 'auto-call-system/export', width: 465, height: 200, mode: 'window', titleId: 'popup.export-auto-call-system-data', screen }),
  definePopup({ id: 'delete-auto-call-system-data', path: 'auto-call-system/delete', width: 465, height: 160, mode: 'window', titleId: 'popup.delete-auto-call-system-data', screen }),
  definePopup({ id: 'public-auto-call-system', path: 'auto-call-system/public', width: 1450, height: 600, mode: 'window', titleId: 'popup.public-auto-call-system', screen }),
  definePopup({ id: 'upload-public-auto-call-system-data', path: 'auto-call-system/public/upload', width: 600, height: 300, mode: 'window', titleId: 'popup.upload-public-auto-call-system-data', screen }),
  definePopup({ id: 'export-public-auto-call-system-data', path: 'auto-call-system/public/export', width: 465, height: 200, mode: 'window', titleId: 'popup.export-public-auto-call-system-data', screen }),
  definePopup({ id: 'delete-public-auto-call-system-data', path: 'auto-call-system/public/delete', width: 465, height: 160, mode: 'window', titleId: 'popup.delete-public-auto-call-system-data', screen }),
  definePopup({ id: 'call-note', path: 'call-note', width: 700, height: 450, mode: 'window', titleId: 'popup.call-note', query: ['url'], screen }),
  definePopup({ id: 'add-blacklist', path: 'blacklist/add', width: 500, height: 300, mode: 'either', titleId: 'popup.add-blacklist', screen }),
  definePopup({ id: 'edit-company-worktime', path: 'company/worktime/edit', width: 800, height: 500, mode: 'window', titleId: 'popup.edit-company-worktime', screen }),
  definePopup({ id: 'view-extension-status-data-analysis', path: 'view-extension-status-data-analysis/:extension', width: 1200, height: 600, mode: 'window', titleId: 'popup.view-extension-status-data-analysis', query: ['date'], screen }),] as const;

export const POPUPS: readonly PopupDef[] = POPUP_LIST;

export type PopupEntry = (typeof POPUP_LIST)[number];
export type PopupId = PopupEntry['id'];
export type PopupEntryOf<Id extends PopupId> = Extract<PopupEntry, { id: Id }>;

const byId = new Map<string, PopupDef>(POPUPS.map((def) => [def.id, def]));

export function getPopup(id: string): PopupDef | undefined {
  return byId.get(id);
}

/** URL prefix of every pop-up route. */
export const POPUP_BASE = '/window';
