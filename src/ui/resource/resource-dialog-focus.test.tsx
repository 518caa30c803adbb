import { Intent } from '@blueprintjs/core';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { http } from '../../api/http';
import { makeUserInfo } from '../../api/testing/make-user-info';
import { renderWithProviders } from '../testing/render-with-providers';
import { ConfirmDialog } from './confirm-dialog';
import { ResourceListPanel } from './resource-list-panel';
import { fakeThingServer, thingView } from './testing/thing-resource';
import { renderWithFreshCache } from './testing/render-resource';

vi.mock('../../api/http', () => ({ http: { post: vi.fn() } }));
vi.mock('../feedback/toaster', () => ({ showToast: vi.fn(async () => {}) }));

const manager = makeUserInfo({ role: 'manager', username: 'manager' });

async function setup(count = 3) {
  const server = fakeThingServer(count);
  vi.mocked(http.post).mockImplementation((path: string, body?: unknown) => server.handle(path, body as Record<string, unknown>) as never);
  renderWithFreshCache(<ResourceListPanel view={thingView} subject={manager} />);
  const user = userEvent.setup();
  await screen.findByTestId('row-1');
  return user;
}

const dialogGone = () => waitFor(() => expect(document.querySelector('.bp6-dialog')).toBeNull());

beforeEach(() => {
  vi.mocked(http.post).mockReset();
});

describe('form dialogs start in their first field (QA 7)', () => {
  it('add: the first field has focus as soon as the dialog opens, so typing goes into it', async () => {
    const user = await setup();
    await user.click(screen.getByTestId('resource-add'));
    const name = await screen.findByLabelText(/^Group name/);
    expect(document.activeElement).toBe(name);
    await user.keyboard('typed at once');
    expect(name).toHaveValue('typed at once');
  });

  it('edit: starts in the first field; Escape returns focus to the edit button (QA 8)', async () => {
    const user = await setup();
    await user.click(screen.getByTestId('edit-2'));
    expect(document.activeElement).toBe(await screen.findByLabelText(/^Group name/));
    await user.keyboard('{Escape}');
    await dialogGone();
    await waitFor(() => expect(document.activeElement).toBe(screen.getByTestId('edit-2')));
  });
});

describe('delete confirmation focus (QA 7, 8)', () => {
  it('starts on Cancel (destructive), and Cancel returns focus to the row’s delete button', async () => {
    const user = await setup();
    await user.click(screen.getByTestId('delete-2'));
    await waitFor(() => expect(document.activeElement).toBe(screen.getByTestId('confirm-cancel')));
    // Enter on the focused Cancel: a second Enter by mistake deletes nothing.
    await user.keyboard('{Enter}');
    await dialogGone();
    expect(vi.mocked(http.post).mock.calls.some(([path]) => path === 'thing/delete/2')).toBe(false);
    await waitFor(() => expect(document.activeElement).toBe(screen.getByTestId('delete-2')));
  });

  it('after a delete, the deleted row’s button is gone: focus goes to the table, not <body>', async () => {
    const user = await setup();
    await user.click(screen.getByTestId('delete-2'));
    await user.click(await screen.findByTestId('confirm-accept'));
    await waitFor(() => expect(screen.queryByTestId('row-2')).not.toBeInTheDocument());
    await dialogGone();
    await waitFor(() => expect(document.activeElement).toBe(screen.getByTestId('resource-table')));
    // Focused for the keyboard only: not a Tab stop of its own once focus moves on.
    await user.tab();
    expect(screen.getByTestId('resource-table')).not.toHaveAttribute('tabindex');
  });

  it('after deleting the last record the table is gone too: focus goes to the search box', async () => {
    const user = await setup(1);
    await user.click(screen.getByTestId('delete-1'));
    await user.click(await screen.findByTestId('confirm-accept'));
    await screen.findByTestId('list-empty');
    await dialogGone();
    await waitFor(() => expect(document.activeElement).toBe(screen.getByTestId('resource-search')));
  });
});

describe('ConfirmDialog', () => {
  function Harness({ intent }: { intent?: Intent }) {
    const [open, setOpen] = useState(false);
    return (
      <>
        <button type="button" data-testid="opener" onClick={() => setOpen(true)} />
        <ConfirmDialog
          isOpen={open}
          titleId="resource.delete_title"
          messageId="resource.delete_confirm"
          values={{ name: 'x' }}
          confirmTextId="common.save"
          intent={intent}
          onConfirm={() => setOpen(false)}
          onCancel={() => setOpen(false)}
        />
      </>
    );
  }

  it('starts on the confirm button when confirming destroys nothing; Enter confirms, focus returns', async () => {
    renderWithProviders(<Harness />);
    const user = userEvent.setup();
    await user.click(screen.getByTestId('opener'));
    await waitFor(() => expect(document.activeElement).toBe(screen.getByTestId('confirm-accept')));
    await user.keyboard('{Enter}');
    await dialogGone();
    await waitFor(() => expect(document.activeElement).toBe(screen.getByTestId('opener')));
  });

  it.each([Intent.DANGER, Intent.WARNING])('starts on Cancel for a %s question', async (intent) => {
    renderWithProviders(<Harness intent={intent} />);
    await userEvent.setup().click(screen.getByTestId('opener'));
    await waitFor(() => expect(document.activeElement).toBe(screen.getByTestId('confirm-cancel')));
  });
});
