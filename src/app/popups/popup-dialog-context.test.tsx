import { describe, expect, it, vi } from 'vitest';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { IntlProvider } from 'react-intl';
import { PopupDialogHost } from './popup-dialog-host';
import { getDialogsSnapshot, openDialog } from '../../shell/popups/dialog-store';
import { usePopup } from '../../shell/popups/popup-context';
import en from '../../i18n/messages/en.json';

// A registry with one probe screen, to see what a pop-up screen receives inside the dialog.
vi.mock('./registry', () => {
  function Probe() {
    const popup = usePopup();
    return (
      <button type="button" onClick={popup?.close}>
        {`${popup?.presentation} ${popup?.popupId} ${popup?.params.id} ${popup?.query.tab}`}
      </button>
    );
  }
  const def = {
    id: 'view-task',
    path: 'view-task/:id',
    width: 900,
    height: 600,
    mode: 'either',
    titleId: 'popup.view-task',
    query: [],
    screen: async () => ({ default: Probe }),
  };
  return { getPopup: (id: string) => (id === 'view-task' ? def : undefined), POPUPS: [def], POPUP_BASE: '/window' };
});

describe('a pop-up screen inside the dialog host', () => {
  it('reads its parameters and closes itself through usePopup()', async () => {
    render(
      <IntlProvider locale="en" messages={en} onError={() => {}}>
        <PopupDialogHost />
      </IntlProvider>,
    );
    act(() => {
      openDialog({ popupId: 'view-task', params: { id: '42' }, query: { tab: 'notes' }, url: '/window/view-task/42?tab=notes' });
    });
    const probe = await screen.findByRole('button', { name: 'dialog view-task 42 notes' });
    fireEvent.click(probe);
    expect(getDialogsSnapshot()).toHaveLength(0);
  });
});
