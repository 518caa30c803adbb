import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Consultation } from '../../api/contracts/consultation.contract';
import { http } from '../../api/http';
import { renderWithFreshCache } from '../resource/testing/render-resource';
import { ConsultationHistory } from './consultation-history';
import { axiosError, CONSULTATIONS, fakeConsultationApi } from './testing/fake-consultation-api';

vi.mock('../../api/http', () => ({ http: { post: vi.fn() } }));

const earlier = (id: number, title: string, created_at: string): Consultation => ({ ...CONSULTATIONS[0]!, id, title, created_at, treatment_result: 'progress', agent_name: '박서준' });
const seven = Array.from({ length: 7 }, (_, i) => earlier(20 + i, `문의 ${i + 1}`, `2025-03-0${i + 1}T01:00:00.000Z`)).reverse();

function setup(list: () => unknown) {
  const api = fakeConsultationApi({ 'consultation/list': list });
  vi.mocked(http.post).mockImplementation(api.post as never);
  return api;
}

beforeEach(() => {
  vi.mocked(http.post).mockReset();
});

describe('ConsultationHistory', () => {
  it('lists the member’s latest consultations, newest first, and opens one', async () => {
    const api = setup(() => ({ data: seven, current_page: 1, per_page: 10, total: 12, last_page: 2 }));
    const onOpen = vi.fn();
    renderWithFreshCache(<ConsultationHistory memberId={1} phoneNumber="01055550001" onOpen={onOpen} />);
    const rows = await screen.findAllByTestId('consultation-history-row');
    expect(rows).toHaveLength(5);
    expect(rows[0]).toHaveTextContent('문의 7');
    expect(rows[0]).toHaveTextContent('배송 › 지연');
    expect(rows[0]).toHaveTextContent('In progress');
    expect(rows[0]).toHaveTextContent('박서준');
    expect(screen.getByTestId('consultation-history')).toHaveTextContent('latest 5 of 12');
    expect(api.bodiesOf('consultation/list')[0]).toEqual({ page: 1, per_page: 10, sort_by: 'created_at', sort_order: 'desc', member_id: 1 });
    await userEvent.setup().click(screen.getAllByTestId('consultation-history-open')[1]!);
    expect(onOpen).toHaveBeenCalledWith(expect.objectContaining({ id: 25, title: '문의 6' }));
  });

  it('asks by number for a caller without a member, and says when there is nothing yet', async () => {
    const api = setup(() => ({ data: [], current_page: 1, per_page: 10, total: 0, last_page: 1 }));
    renderWithFreshCache(<ConsultationHistory phoneNumber="01077778888" onOpen={vi.fn()} />);
    expect(await screen.findByTestId('consultation-history-empty')).toHaveTextContent('No consultations with this caller yet.');
    expect(api.bodiesOf('consultation/list')[0]).toMatchObject({ phone_number: '01077778888' });
    expect(api.bodiesOf('consultation/list')[0]).not.toHaveProperty('member_id');
  });

  it('asks nothing for a withheld number, and offers a retry when the list fails', async () => {
    let fail = true;
    const api = setup(() => {
      if (fail) throw axiosError(500, { message: 'boom' });
      return { data: seven.slice(0, 1), current_page: 1, per_page: 10, total: 1, last_page: 1 };
    });
    const { unmount } = renderWithFreshCache(<ConsultationHistory phoneNumber="" onOpen={vi.fn()} />);
    expect(screen.queryByTestId('consultation-history')).not.toBeInTheDocument();
    expect(api.calls).toHaveLength(0);
    unmount();
    renderWithFreshCache(<ConsultationHistory memberId={1} phoneNumber="01055550001" onOpen={vi.fn()} />);
    expect(await screen.findByTestId('consultation-history-error')).toHaveTextContent('The consultation history could not be loaded.');
    fail = false;
    await userEvent.setup().click(screen.getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(screen.getAllByTestId('consultation-history-row')).toHaveLength(1));
  });
});
