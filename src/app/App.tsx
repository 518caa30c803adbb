import { useState } from 'react';
import { RouterProvider } from 'react-router-dom';
import { BlueprintProvider } from '@blueprintjs/core';
import { SWRConfig } from 'swr';
import { createAppRouter } from './router';
import { swrConfig } from '../api/swr';
import { I18nProvider } from '../i18n/i18n-provider';
import { ThemeBody } from '../ui/theme/theme-body';
import { ErrorDialog } from '../ui/feedback/error-dialog';

/** The root: language, Blueprint overlays, server-data cache, theme, router and the one error dialog. */
export function App() {
  // One router for the app's lifetime; created on first render so importing App has no side effects.
  const [router] = useState(createAppRouter);
  return (
    <I18nProvider>
      <BlueprintProvider>
        <SWRConfig value={swrConfig}>
          <ThemeBody />
          <RouterProvider router={router} />
          <ErrorDialog />
        </SWRConfig>
      </BlueprintProvider>
    </I18nProvider>
  );
}
