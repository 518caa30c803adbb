import { openPopup } from '../../shell/popups/open-popup';
import type { EntityViewOverrides } from '../../ui/resource/entity-view';

/**
 * What caller ids add to their derived list (docs/telephony.md "Caller ID"): a row button opening the
 * edit-caller-id window, `caller-id/{id}/users`, where the manager chooses who may dial out with it.
 */
export const callerIdView: EntityViewOverrides = {
  slots: {
    rowActions: () => [{ key: 'users', labelId: 'caller-id.users', icon: 'people', onClick: (record) => void openPopup('edit-caller-id', { id: Number(record.id) }) }],
  },
};
