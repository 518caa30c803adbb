import type { ReactElement, ReactNode } from 'react';
import { BlueprintProvider } from '@blueprintjs/core';
import { render, type RenderResult } from '@testing-library/react';
import { I18nProvider } from '../../i18n/i18n-provider';

/** Test helper: the providers every screen expects (messages in the stored language, Blueprint overlays). */
export function TestProviders({ children }: { children: ReactNode }) {
  return (
    <I18nProvider>
      <BlueprintProvider>{children}</BlueprintProvider>
    </I18nProvider>
  );
}

export function renderWithProviders(ui: ReactElement): RenderResult {
  return render(ui, { wrapper: TestProviders });
}
