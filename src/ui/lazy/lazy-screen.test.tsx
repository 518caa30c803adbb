import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { LazyScreen } from './lazy-screen';
import { CHUNK_LOAD_TIMEOUT_MS, loadWithTimeout, ChunkLoadTimeoutError, type ScreenLoader } from './load-with-timeout';
import { renderWithProviders } from '../testing/render-with-providers';

const Hello = () => <p>hello</p>;

describe('lazy screens (specification sections 8 and 9: chunk load timeout 120 s)', () => {
  afterEach(() => vi.useRealTimers());

  it('waits 120 s for a chunk', () => {
    expect(CHUNK_LOAD_TIMEOUT_MS).toBe(120_000);
  });

  it('rejects a load that has not arrived in time', async () => {
    vi.useFakeTimers();
    const never: ScreenLoader = () => new Promise(() => {});
    const loading = loadWithTimeout(never);
    vi.advanceTimersByTime(CHUNK_LOAD_TIMEOUT_MS);
    await expect(loading).rejects.toBeInstanceOf(ChunkLoadTimeoutError);
  });

  it('shows a spinner, then the screen', async () => {
    const load: ScreenLoader = async () => ({ default: Hello });
    renderWithProviders(<LazyScreen load={load} />);
    expect(await screen.findByText('hello')).toBeInTheDocument();
  });

  it('shows an error state with a retry that really loads again', async () => {
    const user = userEvent.setup();
    let attempts = 0;
    const load: ScreenLoader = async () => {
      attempts += 1;
      if (attempts === 1) throw new Error('Failed to fetch dynamically imported module');
      return { default: Hello };
    };
    renderWithProviders(<LazyScreen load={load} />);
    expect(await screen.findByTestId('load-error')).toHaveTextContent('This screen could not be loaded');
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('hello')).toBeInTheDocument();
    expect(attempts).toBe(2);
  });

  it('says so when the load timed out', async () => {
    const load: ScreenLoader = () => new Promise(() => {});
    renderWithProviders(<LazyScreen load={load} timeoutMs={10} />);
    await act(() => new Promise((resolve) => setTimeout(resolve, 30)));
    expect(screen.getByTestId('load-error')).toHaveTextContent('This screen took too long to load');
  });
});
