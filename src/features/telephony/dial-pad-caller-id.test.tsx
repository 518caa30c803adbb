import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { http } from '../../api/http';
import { renderWithFreshCache } from '../../ui/resource/testing/render-resource';
import { DialPadCallerId } from './dial-pad-caller-id';

vi.mock('../../api/http', () => ({ http: { post: vi.fn() } }));
const post = vi.mocked(http.post);

const MAIN = { id: 3, number: '0215880000', name: 'Main' };
const CAMPAIGN = { id: 7, number: '0707770000', name: 'Campaign' };

function answer(mine: { data: (typeof MAIN)[]; selected: number | null }, chosen?: number) {
  post.mockImplementation(async (path: string, body: unknown) => {
    if (path === 'caller-id/mine') return { data: mine };
    if (path === 'caller-id/choose') return { data: { ...mine, selected: (body as { id: number }).id ?? chosen ?? null } };
    throw new Error(`unexpected ${path}`);
  });
}

describe('the dial pad’s caller id (docs/telephony.md "Caller ID")', () => {
  beforeEach(() => {
    post.mockReset();
  });

  it('shows nothing for a user without one, and asks nothing while the dial pad is closed', async () => {
    answer({ data: [], selected: null });
    const { container, rerender } = renderWithFreshCache(<DialPadCallerId active={false} />);
    expect(post).not.toHaveBeenCalled();
    rerender(<DialPadCallerId active />);
    await waitFor(() => expect(post).toHaveBeenCalledWith('caller-id/mine', {}));
    expect(container).toBeEmptyDOMElement();
  });

  it('names the one caller id of a user with one', async () => {
    answer({ data: [MAIN], selected: MAIN.id });
    renderWithFreshCache(<DialPadCallerId active />);
    expect(await screen.findByTestId('dial-pad-caller-id-text')).toHaveTextContent('Caller ID: 02-1588-0000 Main');
  });

  it('lets a user with several choose; the choice is kept on the server', async () => {
    answer({ data: [MAIN, CAMPAIGN], selected: MAIN.id });
    renderWithFreshCache(<DialPadCallerId active />);
    const select = (await screen.findByTestId('dial-pad-caller-id')) as HTMLSelectElement;
    expect(select).toHaveValue(String(MAIN.id));
    expect([...select.options].map((o) => o.textContent)).toEqual(['02-1588-0000 Main', '070-777-0000 Campaign']);
    await act(async () => void fireEvent.change(select, { target: { value: String(CAMPAIGN.id) } }));
    await waitFor(() => expect(post).toHaveBeenCalledWith('caller-id/choose', { id: CAMPAIGN.id }));
    await waitFor(() => expect(select).toHaveValue(String(CAMPAIGN.id)));
  });
});
