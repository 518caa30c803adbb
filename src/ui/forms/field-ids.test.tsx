import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Component, Fragment, StrictMode, type ReactNode } from 'react';
import { TestProviders } from '../testing/render-with-providers';
import { FormIdScope } from './field-ids';
import { TextField } from './text-field';

/** A form with one field, `name`, labelled "Name"; `errors` shows a message under it. */
function NameForm({ testId, errors }: { testId: string; errors?: string[] }) {
  return (
    <FormIdScope>
      <form data-testid={testId}>
        <TextField name="name" labelId="my_account.name" value="" onChange={() => {}} errors={errors} />
      </form>
    </FormIdScope>
  );
}

/** Shows nothing once a child failed, so the failed children are never committed. */
class Boundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };
  static getDerivedStateFromError = () => ({ failed: true });
  override render = () => (this.state.failed ? null : this.props.children);
}

function Failing(): never {
  throw new Error('render failed');
}

const idsInDocument = () => [...document.querySelectorAll('[id]')].map((element) => element.id);
const inputOf = (testId: string) => screen.getByTestId(testId).querySelector('input')!;

describe.each([false, true])('field ids of forms open at the same time (StrictMode: %s)', (strict) => {
  const Mode = strict ? StrictMode : Fragment;
  const show = (forms: ReactNode) => <Mode>{forms}</Mode>;
  const renderForms = (forms: ReactNode) => render(show(forms), { wrapper: TestProviders });

  it('keeps the field name as the id of a form open alone', () => {
    renderForms(<NameForm testId="a" errors={['validation.required']} />);
    expect(inputOf('a').id).toBe('name');
    expect(inputOf('a')).toHaveAttribute('aria-describedby', 'name-errors');
    expect(document.getElementById('name-errors')).toBe(screen.getByTestId('name-errors'));
  });

  it('gives a second form its own ids, leaving the first one plain', async () => {
    renderForms(
      <>
        <NameForm testId="a" errors={['validation.required']} />
        <NameForm testId="b" errors={['validation.required']} />
      </>,
    );
    const [first, second] = screen.getAllByLabelText('Name');
    expect(first).toBe(inputOf('a'));
    expect(second).toBe(inputOf('b'));
    expect(document.getElementById('name')).toBe(inputOf('a'));
    expect(inputOf('b').id).toMatch(/^f-[a-zA-Z0-9]+-name$/);
    // The name and the test ids stay as they are; only the ids differ.
    expect(inputOf('b')).toHaveAttribute('name', 'name');
    expect(screen.getAllByTestId('name-errors')).toHaveLength(2);
    for (const testId of ['a', 'b']) {
      const describedBy = inputOf(testId).getAttribute('aria-describedby')!;
      expect(screen.getByTestId(testId)).toContainElement(document.getElementById(describedBy));
    }
    expect(new Set(idsInDocument()).size).toBe(idsInDocument().length);

    const user = userEvent.setup();
    const labels = document.querySelectorAll('label');
    await user.click(labels[1]!);
    expect(inputOf('b')).toHaveFocus();
    await user.click(labels[0]!);
    expect(inputOf('a')).toHaveFocus();
  });

  it('keeps the ids of a form still open when the first one closes, and a later one gets its own', () => {
    const { rerender } = renderForms(
      <>
        <NameForm key="a" testId="a" />
        <NameForm key="b" testId="b" />
      </>,
    );
    const secondId = inputOf('b').id;
    rerender(show(<NameForm key="b" testId="b" />));
    expect(inputOf('b').id).toBe(secondId);
    rerender(
      show(
        <>
          <NameForm key="b" testId="b" />
          <NameForm key="c" testId="c" />
        </>,
      ),
    );
    expect(inputOf('b').id).toBe(secondId);
    expect(inputOf('c').id).not.toBe(secondId);
    expect(new Set(idsInDocument()).size).toBe(idsInDocument().length);
  });

  it('gives plain ids back to a form open alone again, and to one that restarted (a new key)', () => {
    const { rerender } = renderForms(
      <>
        <NameForm key="a" testId="a" />
        <NameForm key="b" testId="b" />
      </>,
    );
    rerender(show(<></>));
    rerender(show(<NameForm key="c" testId="c" />));
    expect(inputOf('c').id).toBe('name');
    // Restarted in place: the new form renders while the old one is still open, then settles on plain ids.
    rerender(show(<NameForm key="d" testId="d" />));
    expect(inputOf('d').id).toBe('name');
  });

  it('does not let a form React threw away before showing it keep others from plain ids', () => {
    const quiet = vi.spyOn(console, 'error').mockImplementation(() => {});
    const { rerender } = renderForms(
      <Boundary>
        <NameForm testId="a" />
        <Failing />
      </Boundary>,
    );
    expect(screen.queryByTestId('a')).not.toBeInTheDocument();
    rerender(show(<NameForm testId="b" />));
    expect(inputOf('b').id).toBe('name');
    quiet.mockRestore();
  });

  it('leaves a field outside any form with its plain id', () => {
    renderForms(<TextField name="name" labelId="my_account.name" value="" onChange={() => {}} />);
    expect(screen.getByLabelText('Name').id).toBe('name');
  });
});
