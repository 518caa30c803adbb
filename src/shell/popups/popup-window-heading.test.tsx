import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import { IntlProvider } from 'react-intl';
import { PopupContext, type PopupContextValue } from './popup-context';
import { PopupWindowHeading } from './popup-window-heading';
import en from '../../i18n/messages/en.json';

const popupAs = (presentation: PopupContextValue['presentation']): PopupContextValue => ({
  popupId: 'view-consultation',
  presentation,
  params: { id: '2', consultationId: '2' },
  query: {},
  close: () => {},
});

function renderIn(popup: PopupContextValue | null) {
  return render(
    <IntlProvider locale="en" messages={en} onError={() => {}}>
      <PopupContext.Provider value={popup}>
        <PopupWindowHeading titleId="popup.view-consultation" subject="가격 문의 회신" />
      </PopupContext.Provider>
    </IntlProvider>,
  );
}

describe('a pop-up window names what it shows', () => {
  it('as a window: the pop-up title and its subject', () => {
    renderIn(popupAs('window'));
    expect(screen.getByTestId('popup-window-heading')).toHaveTextContent('View consultation · 가격 문의 회신');
  });

  it('as a dialog or outside a pop-up: nothing (the dialog has its title bar)', () => {
    renderIn(popupAs('dialog'));
    expect(screen.queryByTestId('popup-window-heading')).toBeNull();
    renderIn(null);
    expect(screen.queryByTestId('popup-window-heading')).toBeNull();
  });
});
