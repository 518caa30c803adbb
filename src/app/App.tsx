import { RouterProvider } from 'react-router-dom';
import { BlueprintProvider } from '@blueprintjs/core';
import { SWRConfig } from 'swr';
import { createAppRouter } from './router';
import { swrConfig } from '../api/swr';
import { I18nProvider } from '../i18n/i18n-provider';
import { ThemeBody } from '../ui/theme/theme-body';
import { ErrorDialog } from '../ui/feedback/error-dialog';

// One router for the page's lifetime, at module scope: a useState initializer would run twice under
// StrictMode and could leave the session machine navigating a router nobody renders.
const router = createAppRouter();

/** The root: language, Blueprint overlays, server-data cache, theme, router and the one error dialog. */
export function App() {
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
