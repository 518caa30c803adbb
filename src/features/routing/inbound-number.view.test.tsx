import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { TestProviders } from '../../ui/testing/render-with-providers';
import { inboundNumberView, simulateCallPath } from './inbound-number.view';

function Where() {
  const location = useLocation();
  return <output data-testid="where">{`${location.pathname}${location.search}`}</output>;
}

function List() {
  const column = inboundNumberView.columns!.test_call as { render: (record: Record<string, unknown>) => React.ReactNode };
  return (
    <>
      {inboundNumberView.slots!.toolbar!({ query: {} as never, subject: null })}
      {column.render({ id: 1, number: '0215889000' })}
    </>
  );
}

function renderList() {
  return render(
    <TestProviders>
      <MemoryRouter initialEntries={['/configuration/inbound/numbers']}>
        <Routes>
          <Route path="/configuration/inbound/numbers" element={<List />} />
          <Route path="/configuration/inbound/simulate" element={<Where />} />
        </Routes>
      </MemoryRouter>
    </TestProviders>,
  );
}

describe('inbound numbers: Test a call', () => {
  it('opens the simulator from the toolbar', async () => {
    renderList();
    await userEvent.setup().click(screen.getByTestId('inbound-number-test-call'));
    expect(screen.getByTestId('where')).toHaveTextContent(/^\/configuration\/inbound\/simulate$/);
  });

  it('opens it from a row with that number filled in', async () => {
    renderList();
    const button = screen.getByRole('button', { name: 'Test a call to 0215889000' });
    await userEvent.setup().click(button);
    expect(screen.getByTestId('where')).toHaveTextContent('/configuration/inbound/simulate?to=0215889000');
  });

  it('is a plain link outside a router', () => {
    render(
      <TestProviders>
        <List />
      </TestProviders>,
    );
    expect(screen.getByTestId('inbound-number-test-call')).toHaveAttribute('href', '/configuration/inbound/simulate');
    expect(simulateCallPath('02 1588')).toBe('/configuration/inbound/simulate?to=02%201588');
  });
});
