import type { UserInfo } from '../../api/contracts/session.contract';
import { hasUserPermission } from '../../api/permissions/check';

export type CtiPopupMode = 'window' | 'dialog';

/**
 * Specification section 4: the CTI pop-up mode becomes window if the user has `cti_new_window` or is a
 * manager (the user check already passes managers). Everyone else, and nobody signed in, gets dialogs.
 */
export function ctiPopupMode(userInfo: UserInfo | null | undefined): CtiPopupMode {
  return hasUserPermission(userInfo, 'cti_new_window') ? 'window' : 'dialog';
}
