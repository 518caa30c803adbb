import type { ComponentType } from 'react';
import { POPUP_SPECS, type PopupId } from '../../shell/popups/popup-table';
import type { PopupSpec } from '../../shell/popups/popup-types';
import { entityPopupAccess, entityPopupScreen } from '../entities/entity-screens';

/**
 * Which screen each pop-up shows: the composition half of the pop-ups. Their data (path, size, mode,
 * query, access) is the table in src/shell/popups/popup-table.ts, which features open pop-ups from; the
 * screens are here because they are features, and only the app may import features. The router mounts
 * one /window route per entry and the dialog host draws them (docs/popups.md).
 *
 * A pop-up whose feature is not built yet shows NotAvailableYet; a feature adds its screen below. One an
 * entity names (`screens.popups`) shows the entity's form or record unless a screen is given here.
 */

export type PopupScreenLoader = () => Promise<{ default: ComponentType }>;

export interface PopupDef extends PopupSpec {
  screen: PopupScreenLoader;
}

const notAvailableYet: PopupScreenLoader = () => import('../../ui/feedback/not-available-yet');

const SCREENS: { readonly [Id in PopupId]?: PopupScreenLoader } = {
  inbound: () => import('../../features/inbound-call/inbound-popup'),
  'add-announcement': () => import('../../features/announcements/add-announcement-popup'),
  'edit-announcement': () => import('../../features/announcements/edit-announcement-popup'),
  'view-announcement': () => import('../../features/announcements/view-announcement-popup'),
  'inbound-select-member': () => import('../../features/inbound-call/select-member-popup'),
  outbound: () => import('../../features/outbound-call/outbound-member-popup'),
  'edit-outbound': () => import('../../features/outbound-call/outbound-member-popup'),
  'edit-consultation': () => import('../../features/consultations/edit-consultation-popup'),
  'view-consultation': () => import('../../features/consultations/view-consultation-popup'),
  'outbound-select-member': () => import('../../features/outbound-call/outbound-select-members-popup'),
  'consultation-recording-file': () => import('../../features/recordings/consultation-recording-file-popup'),
  'consultation-one-touch-recording-file': () => import('../../features/recordings/consultation-one-touch-recording-file-popup'),
  'add-member': () => import('../../features/members/add-member-popup'),
  'outbound-history': () => import('../../features/call-history/outbound-history-popup'),
  'outbound-company-list': () => import('../../features/members/company-members-popup'),
  'consultation-add-custom-field': () => import('../../features/consultation-settings/add-custom-field-popup'),
  'consultation-edit-custom-field': () => import('../../features/consultation-settings/edit-custom-field-popup'),
  'add-user': () => import('../../features/users/add-user-popup'),
  'edit-user-permission': () => import('../../features/users/edit-permission-popup'),
  'outbound-popup': () => import('../../features/outbound-call/outbound-dial-popup'),
  'edit-caller-id': () => import('../../features/caller-id/caller-id-users-popup'),
  'open-sound-files': () => import('../../features/sound-file/sound-files-of-extension-popup'),
  'queue-status': () => import('../../features/queue-board/queue-status-popup'),
  'queue-status-v2': () => import('../../features/queue-board/queue-wallboard-popup'),
  'queue-all': () => import('../../features/queue-board/queue-all-popup'),
  'edit-queue-status-label': () => import('../../features/queue-board/queue-label-popup'),
  'queue-status-report': () => import('../../features/queue-board/queue-report-popup'),
  'time-condition-sound-file': () => import('../../features/sound-file/time-condition-sound-file-popup'),
  'transfer-history': () => import('../../features/transfer/transfer-history-popup'),
  'edit-company-worktime': () => import('../../features/company-worktime/company-worktime-popup'),
  'inbound-statistics': () => import('../../features/statistics/inbound-statistics-popup'),
  'call-statistics': () => import('../../features/statistics/call-statistics-popup'),
  'view-extension-status-data-analysis': () => import('../../features/statistics/extension-timeline-popup'),
  // Auto-call campaigns (issue 19, docs/auto-call.md): the page in a window, and each variant's numbers pop-ups.
  'auto-call-system': () => import('../../features/auto-call/auto-call-system-popup'),
  'public-auto-call-system': () => import('../../features/auto-call/public-auto-call-system-popup'),
  'upload-auto-call-system-data': () => import('../../features/auto-call/auto-call-upload-popup'),
  'upload-public-auto-call-system-data': () => import('../../features/auto-call/auto-call-upload-popup'),
  'export-auto-call-system-data': () => import('../../features/auto-call/auto-call-export-popup'),
  'export-public-auto-call-system-data': () => import('../../features/auto-call/auto-call-export-popup'),
  'delete-auto-call-system-data': () => import('../../features/auto-call/auto-call-delete-popup'),
  'delete-public-auto-call-system-data': () => import('../../features/auto-call/auto-call-delete-popup'),
};

// A pop-up an entity names in `screens.popups` and that has no screen above is the entity's form or
// record (src/app/entities), opened by who may do what it does.
export const POPUPS: readonly PopupDef[] = POPUP_SPECS.map((spec) => {
  const entityAccess = spec.access ? undefined : entityPopupAccess(spec.id);
  return {
    ...spec,
    ...(entityAccess ? { access: entityAccess } : {}),
    screen: SCREENS[spec.id as PopupId] ?? entityPopupScreen(spec.id) ?? notAvailableYet,
  };
});

const byId = new Map<string, PopupDef>(POPUPS.map((def) => [def.id, def]));

export function getPopup(id: string): PopupDef | undefined {
  return byId.get(id);
}
