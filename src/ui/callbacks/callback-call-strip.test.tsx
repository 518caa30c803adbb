import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Callback, CallbackStatus } from '../../api/contracts/callback.contract';
import { http } from '../../api/http';
import { renderWithFreshCache } from '../resource/testing/render-resource';
import { CallbackCallStrip } from './callback-call-strip';

vi.mock('../../api/http', () => ({ http: { post: vi.fn() } }));

let callback: Callback;
const statusBodies: unknown[] = [];

beforeEach(() => {
  statusBodies.length = 0;
  callback = {
    id: 7, phone_number: '01055550077', is_mobile: true, status: 'open', assigned_user_id: null, assigned_user_name: null, attempts: 2,
    last_call_at: '2026-11-24T01:00:00.000Z', last_uniqueid: '1.7', queue: '500', note: null, source: 'missed_call', closed_at: null,
    created_at: '2026-11-24T01:00:00.000Z', updated_at: '2026-11-24T01:00:00.000Z', auto_state: null, auto_attempts: 0, next_attempt_at: null,
  };
  vi.mocked(http.post).mockReset();
  vi.mocked(http.post).mockImplementation((async (path: string, body: { status?: CallbackStatus }) => {
    if (path === 'callback/view') return { data: { data: callback } };
    if (path === 'callback/status') {
      statusBodies.push(body);
      callback = { ...callback, status: body.status! };
      return { data: { data: callback } };
    }
    throw new Error(`unexpected ${path}`);
  }) as never);
});

describe('the callback an outbound pop-up was opened for', () => {
  it('names the number and its status; placing the call puts an open callback in progress, once', async () => {
    const view = renderWithFreshCache(<CallbackCallStrip callbackId={7} calling={false} />);
    expect(await screen.findByTestId('callback-call-strip')).toHaveTextContent('Calling back 010-5555-0077');
    expect(screen.getByTestId('callback-state-7')).toHaveTextContent('Open');
    expect(statusBodies).toEqual([]);
    view.rerender(<CallbackCallStrip callbackId={7} calling />);
    await waitFor(() => expect(screen.getByTestId('callback-state-7')).toHaveTextContent('In progress'));
    expect(statusBodies).toEqual([{ id: 7, status: 'in_progress' }]);
  });

  it('leaves an automatic try’s callback open while it calls: the server puts it in progress when the caller answers', async () => {
    callback = { ...callback, auto_state: 'calling', auto_attempts: 1 };
    renderWithFreshCache(<CallbackCallStrip callbackId={7} calling />);
    expect(await screen.findByTestId('callback-call-strip')).toHaveTextContent('Calling back 010-5555-0077');
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.getByTestId('callback-state-7')).toHaveTextContent('Open');
    expect(statusBodies).toEqual([]);
  });

  it('marks it done, and then offers nothing more', async () => {
    renderWithFreshCache(<CallbackCallStrip callbackId={7} calling={false} />);
    await userEvent.click(await screen.findByTestId('callback-mark-done'));
    await waitFor(() => expect(screen.getByTestId('callback-state-7')).toHaveTextContent('Done'));
    expect(statusBodies).toEqual([{ id: 7, status: 'done' }]);
    expect(screen.queryByTestId('callback-mark-done')).toBeNull();
  });
});
