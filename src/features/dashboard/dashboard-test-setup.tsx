import type { ReactElement } from 'react';
import { render } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { SWRConfig } from 'swr';
import { http } from '../../api/http';
import { TestProviders } from '../../ui/testing/render-with-providers';

/** What the dashboard tests share: a router for the links, a fresh SWR cache, http.post answered by path. */

export type Answer = (body: Record<string, unknown>) => unknown;
export const httpError = (status: number, message: string) => ({ isAxiosError: true, message: `status ${status}`, response: { status, data: { error: true, message } } });

export function answerByPath(answers: Record<string, Answer>) {
  const calls: { path: string; body: Record<string, unknown> }[] = [];
  vi.mocked(http.post).mockImplementation((async (path: string, body: Record<string, unknown> = {}) => {
    calls.push({ path, body });
    const answer = answers[path];
    if (!answer) throw httpError(404, 'Not found');
    return { data: await answer(body) };
  }) as never);
  return calls;
}

export function renderDashboard(ui: ReactElement) {
  return render(ui, {
    wrapper: ({ children }) => (
      <TestProviders>
        <SWRConfig value={{ provider: () => new Map(), dedupingInterval: 0, shouldRetryOnError: false }}>
          <MemoryRouter initialEntries={['/dashboard']}>{children}</MemoryRouter>
        </SWRConfig>
      </TestProviders>
    ),
  });
}
