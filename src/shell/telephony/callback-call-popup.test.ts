import { closeAllDialogs, getDialogsSnapshot } from '../popups/dialog-store';
import { openCallbackCallPopup } from './callback-call-popup';

beforeEach(() => {
  closeAllDialogs();
});

describe('an automatic callback calling through this phone (callback_call)', () => {
  it('opens the outbound pop-up for the number with the callback, quietly, as a dialog', () => {
    openCallbackCallPopup({ callback_id: 7, phone_number: '01055550077' });
    expect(getDialogsSnapshot()).toEqual([
      expect.objectContaining({ popupId: 'outbound-popup', params: { phoneNumber: '01055550077' }, query: { callback_id: '7' }, quiet: true }),
    ]);
  });

  it('opens nothing for a payload that names no callback or no dialable number', () => {
    openCallbackCallPopup({ callback_id: 'x', phone_number: '01055550077' });
    openCallbackCallPopup({ callback_id: 7, phone_number: '010-5555' });
    openCallbackCallPopup(undefined);
    expect(getDialogsSnapshot()).toEqual([]);
  });
});
