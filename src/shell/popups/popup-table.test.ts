import { describe, expect, it } from 'vitest';
import { INBOUND_POPUP_TITLE, POPUP_SPECS, getPopupSpec } from './popup-table';
import en from '../../i18n/messages/en.json';
import kr from '../../i18n/messages/kr.json';

// Copied from the specification (section 2), not from the table, so the test checks the table.
const SPEC_EITHER = [
  'outbound', 'outbound-select-member', 'edit-outbound', 'edit-consultation', 'view-consultation', 'inbound',
  'add-member', 'outbound-history', 'outbound-company-list', 'add-announcement', 'view-announcement',
  'edit-announcement', 'consultation-add-custom-field', 'consultation-edit-custom-field', 'add-user',
  'edit-user-permission', 'add-project', 'edit-project', 'add-blacklist', 'add-task', 'edit-task', 'view-task',
  'edit-task-progress', 'add-message-template', 'edit-message-template', 'send-sms', 'edit-callback-number',
  'add-messages-category', 'add-time-condition', 'edit-time-condition', 'edit-transfer', 'transfer-history',
];
const SPEC_WINDOW_ONLY = [
  'send-message', 'outbound-popup', 'update-schedule', 'view-schedule', 'add-sound-file', 'open-sound-files',
  'upload-auto-call-system-data', 'export-auto-call-system-data', 'delete-auto-call-system-data',
  'upload-public-auto-call-system-data', 'export-public-auto-call-system-data', 'delete-public-auto-call-system-data',
  'edit-caller-id', 'edit-company-worktime', 'view-extension-status-data-analysis', 'time-condition-sound-file',
];
// Every path under /window the specification lists.
const SPEC_PATHS = [
  'inbound', 'inbound/select-member', 'outbound/:id', 'outbound/:id/consultation/:consultationId',
  'outbound/:id/edit-consultation/:consultationId', 'outbound/:id/view-consultation/:consultationId',
  'outbound/select-members', 'queue-status', 'queue-status/v2', 'queue-status/label/edit/:id', 'queue-status-report',
  'queue-all', 'consultation-recording-file', 'consultation-one-touch-recording-file', 'member/add',
  'member/outbound/history/:id', 'member/outbound/list/:companyName', 'announcement/add', 'announcement/edit/:id',
  'view-announcement/:id', 'send-sms/:number', 'add-message-template', 'edit-message-template/:id',
  'consultation/add-custom-field', 'consultation/edit-custom-field/:id', 'caller-id/:id/users', 'user/add',
  'user/edit-permission/:id', 'project/add', 'project/edit/:id', 'task/add', 'task/edit/:id', 'task/edit-progress/:id',
  'view-task/:id', 'view-schedule/:id', 'schedules/:date', 'messages/edit-callback/:id', 'messages/category/add',
  'time-condition/add/:keyword/:type', 'time-condition/edit/:id/:keyword/:type',
  'time-conditions/sound-file/:index/:list', 'transfer/history', 'transfer/edit/:id', 'send-message',
  'outbound-popup/:phoneNumber?', 'inbound-details', 'outbound-details', 'inbound-statistics', 'call-statistics',
  'upload-sound-file', 'sound-files/:extension', 'auto-call-system', 'auto-call-system/upload',
  'auto-call-system/export', 'auto-call-system/delete', 'auto-call-system/public', 'auto-call-system/public/upload',
  'auto-call-system/public/export', 'auto-call-system/public/delete', 'call-note', 'blacklist/add',
  'company/worktime/edit', 'view-extension-status-data-analysis/:extension',
];

describe('pop-up table', () => {
  it('has every path of the specification, and nothing else', () => {
    expect([...POPUP_SPECS.map((p) => p.path)].sort()).toEqual([...SPEC_PATHS].sort());
  });

  it.each(SPEC_EITHER)("'%s' may be a window or a dialog", (id) => {
    expect(getPopupSpec(id)?.mode).toBe('either');
  });

  it.each(SPEC_WINDOW_ONLY)("'%s' is window-only", (id) => {
    expect(getPopupSpec(id)?.mode).toBe('window');
  });

  it('pop-ups in neither list are windows, except the inbound member picker that stands in for inbound', () => {
    const listed = new Set([...SPEC_EITHER, ...SPEC_WINDOW_ONLY]);
    const others = POPUP_SPECS.filter((p) => !listed.has(p.id));
    expect(others.filter((p) => p.mode === 'either').map((p) => p.id)).toEqual(['inbound-select-member']);
  });

  it('ids and paths are unique', () => {
    expect(new Set(POPUP_SPECS.map((p) => p.id)).size).toBe(POPUP_SPECS.length);
    expect(new Set(POPUP_SPECS.map((p) => p.path)).size).toBe(POPUP_SPECS.length);
  });

  it.each(POPUP_SPECS.map((p) => [p.id, p] as const))('%s: size within 465×80 … 1450×600, titled in both languages', (_id, def) => {
    expect(def.width).toBeGreaterThanOrEqual(465);
    expect(def.width).toBeLessThanOrEqual(1450);
    expect(def.height).toBeGreaterThanOrEqual(80);
    expect(def.height).toBeLessThanOrEqual(600);
    expect(en).toHaveProperty([def.titleId]);
    expect(kr).toHaveProperty([def.titleId]);
  });

  it('inbound and outbound are large', () => {
    for (const id of ['inbound', 'outbound', 'edit-outbound']) expect(getPopupSpec(id)).toMatchObject({ width: 1450, height: 600 });
  });

  it('lists the query parameters the specification names', () => {
    expect(getPopupSpec('inbound')?.query).toEqual([
      'phone_no', 'ext_no', 'ring_gr', 'uniqueid', 'chanel', 'ivr_number', 'recordingfile', 'server', 'modal_id', 'title',
    ]);
    expect(getPopupSpec('inbound')?.defaultQuery).toEqual({ title: INBOUND_POPUP_TITLE });
    expect(INBOUND_POPUP_TITLE).toBe('전화 수신 시간');
    expect(getPopupSpec('outbound-select-member')?.query).toEqual(['callback_id', 'phone_number']);
    expect(getPopupSpec('queue-status')?.query).toEqual(['queue']);
    expect(getPopupSpec('consultation-recording-file')?.query).toEqual(['unique_id', 'src', 'dst']);
    expect(getPopupSpec('consultation-one-touch-recording-file')?.query).toEqual(['unique_id', 'src', 'dst']);
    expect(getPopupSpec('call-note')?.query).toEqual(['url']);
    expect(getPopupSpec('view-extension-status-data-analysis')?.query).toEqual(['date']);
  });
});
