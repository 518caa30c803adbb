import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactElement } from 'react';
import { http } from '../../api/http';
import { makeUserInfo } from '../../api/testing/make-user-info';
import { renderWithFreshCache } from '../resource/testing/render-resource';
import { ResourceForm } from '../resource/resource-form';
import { ConsultationForm } from './consultation-form';
import { consultationCallView } from './consultation-view';
import { CONSULTATIONS, fakeConsultationApi } from './testing/fake-consultation-api';

vi.mock('../../api/http', () => ({ http: { post: vi.fn() } }));
vi.mock('../feedback/toaster', () => ({ showToast: vi.fn(async () => {}) }));

const agent = makeUserInfo({ permissions: ['consultations'] });

/** The call pop-up's form (shown as an in-page dialog). */
const callForm = <ConsultationForm key="call" phoneNumber="010-5555-0001" direction="inbound" callUniqueid="1700.1" memberId={1} subject={agent} />;
/** An edit-consultation dialog opened beside it: the same field names. */
const editForm = <ResourceForm key="edit" view={consultationCallView} record={CONSULTATIONS[0]!} onSaved={() => {}} />;

function setup(ui: ReactElement) {
  vi.mocked(http.post).mockImplementation(fakeConsultationApi().post as never);
  return { ...renderWithFreshCache(ui), user: userEvent.setup() };
}

const forms = () => screen.getAllByTestId('resource-form');
const idsInDocument = () => [...document.querySelectorAll('[id]')].map((element) => element.id);
const fieldIds = (form: HTMLElement) => [...form.querySelectorAll('input, select, textarea')].map((element) => element.id);

describe('a consultation form beside another form in the same window', () => {
  it('gives each form its own field ids, so labels and messages stay with their form', async () => {
    const { user, rerender } = setup(
      <>
        {callForm}
        {editForm}
      </>,
    );
    await waitFor(() => expect(screen.getAllByLabelText(/^Title/)).toHaveLength(2));
    await waitFor(() => expect(within(forms()[0]!).getByTestId('big_category')).toHaveTextContent('배송'));
    const [callTitle, editTitle] = screen.getAllByLabelText(/^Title/);
    expect(forms()[0]).toContainElement(callTitle!);
    expect(forms()[1]).toContainElement(editTitle!);
    const [callBig, editBig] = screen.getAllByLabelText(/^Big category/);
    expect(forms()[0]).toContainElement(callBig!);
    expect(forms()[1]).toContainElement(editBig!);
    // The form opened first keeps the ids it always had.
    expect(document.getElementById('title')).toBe(callTitle);
    expect(document.getElementById('content')).toBe(within(forms()[0]!).getByTestId('content'));
    expect(new Set(idsInDocument()).size).toBe(idsInDocument().length);

    const titleLabels = screen.getAllByText('Title', { selector: 'label' });
    await user.click(titleLabels[1]!);
    expect(editTitle).toHaveFocus();
    await user.click(titleLabels[0]!);
    expect(callTitle).toHaveFocus();

    // Each title's message is the one under it.
    await user.clear(editTitle!);
    for (const form of forms()) await user.click(within(form).getByTestId('resource-form-save'));
    for (const [form, title] of [[forms()[0]!, callTitle!], [forms()[1]!, editTitle!]] as const) {
      const messages = document.getElementById(title.getAttribute('aria-describedby')!);
      expect(messages).toBe(within(form).getByTestId('title-errors'));
    }

    // Closing the call pop-up leaves the edit form's ids as they were.
    const editIds = fieldIds(forms()[1]!);
    expect(editIds.every((id) => id.startsWith('f-'))).toBe(true);
    rerender(<>{editForm}</>);
    expect(forms()).toHaveLength(1);
    expect(fieldIds(forms()[0]!)).toEqual(editIds);
    expect(document.getElementById('title')).toBeNull();
  });

  it('keeps plain ids on a form open alone, also after its first save restarts it', async () => {
    const { user } = setup(callForm);
    const title = await screen.findByLabelText(/^Title/);
    expect(title.id).toBe('title');
    await waitFor(() => expect(screen.getByTestId('big_category')).toHaveTextContent('배송'));
    expect(fieldIds(forms()[0]!)).toEqual(expect.arrayContaining(['title', 'big_category', 'content', 'treatment_result']));
    await user.type(title, '배송 문의');
    await user.selectOptions(screen.getByTestId('big_category'), '배송');
    await user.click(screen.getByTestId('resource-form-save'));
    expect(await screen.findByText(/Consultation saved at/)).toBeInTheDocument();
    await waitFor(() => expect(screen.getByLabelText(/^Title/).id).toBe('title'));
  });
});
