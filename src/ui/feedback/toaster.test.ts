import { Intent, Position } from '@blueprintjs/core';
import { waitFor } from '@testing-library/react';
import { getToaster, showToast, TOAST_POSITION, TOAST_TIMEOUT_MS } from './toaster';

describe('toaster (specification sections 8 and 9)', () => {
  it('lasts 1 s at top-centre', () => {
    expect(TOAST_TIMEOUT_MS).toBe(1000);
    expect(TOAST_POSITION).toBe(Position.TOP);
  });

  it('shows every toast with the 1 s timeout and the given intent, at the top', async () => {
    const toaster = await getToaster();
    const show = vi.spyOn(toaster, 'show');
    await showToast('Saved', Intent.SUCCESS);
    expect(show).toHaveBeenCalledWith(expect.objectContaining({ message: 'Saved', intent: Intent.SUCCESS, timeout: 1000 }));
    await waitFor(() => expect(document.body).toHaveTextContent('Saved'));
    expect(document.querySelector('.bp6-toast-container-top')).not.toBeNull();
  });

  it('is one toaster for the whole window', async () => {
    expect(await getToaster()).toBe(await getToaster());
  });
});
