import type { ReactElement } from 'react';
import { SWRConfig } from 'swr';
import { render } from '@testing-library/react';
import { TestProviders } from '../../testing/render-with-providers';

/** Renders with the app's providers and a fresh SWR cache per test (no deduping, no retries). */
export function renderWithFreshCache(ui: ReactElement) {
  return render(ui, {
    wrapper: ({ children }) => (
      <TestProviders>
        <SWRConfig value={{ provider: () => new Map(), dedupingInterval: 0, shouldRetryOnError: false }}>{children}</SWRConfig>
      </TestProviders>
    ),
  });
}
