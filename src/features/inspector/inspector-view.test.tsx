import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createActor, fromPromise, type AnyActorRef } from 'xstate';
import { createInspectionBus, type InspectionBus } from '../../shell/inspection/inspection-bus';
import { renderWithProviders } from '../../ui/testing/render-with-providers';
import { InspectorView } from './inspector-view';
import { sampleMachine } from './graph/sample-machine';

/** The sample machine held in `loading` (its profile load never answers), so states stay put. */
const heldMachine = sampleMachine.provide({ actors: { loadProfile: fromPromise<{ name: string }>(() => new Promise(() => {})) } });

/** The first layout loads elkjs (1.6 MB) into a cold test worker. */
const LAYOUT_WAIT = { timeout: 10_000 };

let bus: InspectionBus;
const started: AnyActorRef[] = [];

function startSample(id = 'sample-root') {
  const actor = createActor(heldMachine, { id, inspect: bus.observe }).start();
  started.push(actor);
  return actor;
}

const stateNode = (id: string) => document.querySelector(`[data-state-id="${id}"]`);
const logTypes = () => within(screen.getByTestId('inspector-log')).getAllByTestId('inspector-log-type').map((el) => el.textContent);

beforeEach(() => {
  bus = createInspectionBus();
});

afterEach(() => {
  for (const actor of started.splice(0)) actor.stop();
});

describe('InspectorView', () => {
  it('says there are no live actors when nothing runs', () => {
    renderWithProviders(<InspectorView bus={bus} />);
    expect(screen.getByTestId('inspector-no-actors')).toHaveTextContent('No live actors');
    expect(screen.getByTestId('inspector-no-selection')).toBeInTheDocument();
  });

  it('lists the live actors as a tree, roots before their children', async () => {
    const actor = startSample();
    renderWithProviders(<InspectorView bus={bus} />);
    const list = screen.getByTestId('inspector-actor-list');
    const items = within(list).getAllByRole('menuitem');
    expect(items.map((item) => item.textContent?.replace(/Active$/, ''))).toEqual(['sample-root', 'socket']);
    const child = list.querySelector(`[data-actor-id="${bus.getSnapshot().actors[1]?.sessionId}"]`);
    expect(child?.getAttribute('style')).toContain('padding-left: 24px');
    // The first root machine is selected, and drawn with its active state highlighted.
    await waitFor(() => expect(stateNode('sample.idle')).toHaveAttribute('data-active', 'true'), LAYOUT_WAIT);
    expect(stateNode('sample.loading')).toHaveAttribute('data-active', 'false');
    expect(stateNode('sample')).toHaveAttribute('data-active', 'true');
    expect(actor.getSnapshot().value).toBe('idle');
  });

  it('updates the log, the highlight and the taken edge live when the actor receives an event', async () => {
    const actor = startSample();
    renderWithProviders(<InspectorView bus={bus} />);
    await waitFor(() => expect(stateNode('sample.idle')).toHaveAttribute('data-active', 'true'), LAYOUT_WAIT);
    expect(logTypes()).toEqual(['xstate.init', 'xstate.init']);

    await act(async () => actor.send({ type: 'START' }));
    // Newest first: entering `loading` started the profile load, whose init follows START.
    expect(logTypes().slice(0, 2)).toEqual(['xstate.init', 'START']);
    expect(screen.getAllByTestId('inspector-log-entry')[1]).toHaveTextContent(/^\d{1,2}:\d{2}:\d{2} (AM|PM)STARToutside → sample-root$/);
    expect(stateNode('sample.loading')).toHaveAttribute('data-active', 'true');
    expect(stateNode('sample.idle')).toHaveAttribute('data-active', 'false');
    const taken = document.querySelectorAll('[data-taken="true"]');
    expect([...taken].map((edge) => edge.getAttribute('data-edge-id'))).toEqual(['sample.idle#on:START#0->sample.loading']);
    expect(screen.getByTestId('inspector-state-value')).toHaveTextContent('"loading"');
  });

  it('shows the payload on expand, and the context sanitised', async () => {
    const user = userEvent.setup();
    const actor = startSample();
    renderWithProviders(<InspectorView bus={bus} />);
    await act(async () => actor.send({ type: 'PING', token: 'live-token', reason: 'check' } as never));
    const [newest] = screen.getAllByTestId('inspector-log-entry');
    await user.click(within(newest as HTMLElement).getByRole('button'));
    const payload = screen.getByTestId('inspector-log-payload').textContent ?? '';
    expect(payload).toContain('"reason": "check"');
    expect(payload).toContain('[redacted]');
    expect(payload).not.toContain('live-token');

    await user.click(screen.getByRole('button', { name: 'Context' }));
    const context = screen.getByTestId('inspector-context').textContent ?? '';
    expect(context).toContain('"attempts": 0');
    expect(context).not.toContain('secret-token');
  });

  it('pauses, resumes and clears the log, and filters it by actor', async () => {
    const user = userEvent.setup();
    const actor = startSample();
    renderWithProviders(<InspectorView bus={bus} />);

    await user.click(screen.getByRole('button', { name: 'Pause' }));
    await act(async () => actor.send({ type: 'START' }));
    expect(logTypes()).not.toContain('START');
    expect(screen.getByText('2 new events while paused')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Resume' }));
    expect(logTypes()).toContain('START');

    const socketId = bus.getSnapshot().actors.find((a) => a.name === 'socket')?.sessionId ?? '';
    await user.selectOptions(screen.getByRole('combobox', { name: 'Show events of' }), socketId);
    expect(logTypes()).toEqual(['xstate.init']);

    await user.click(screen.getByRole('button', { name: 'Clear' }));
    expect(screen.getByTestId('inspector-log-empty')).toBeInTheDocument();
  });

  it('explains that a callback actor has no chart', async () => {
    const user = userEvent.setup();
    startSample();
    renderWithProviders(<InspectorView bus={bus} />);
    await user.click(screen.getByRole('menuitem', { name: /socket/ }));
    expect(screen.getByTestId('inspector-not-machine')).toHaveTextContent('socket is a promise, callback');
  });

  it('keeps stopped actors out of the list unless finished ones are asked for', async () => {
    const user = userEvent.setup();
    const actor = startSample();
    renderWithProviders(<InspectorView bus={bus} />);
    await act(async () => actor.stop());
    expect(screen.getByTestId('inspector-no-actors')).toBeInTheDocument();
    await user.click(screen.getByRole('checkbox', { name: 'Show finished actors' }));
    expect(within(screen.getByTestId('inspector-actor-list')).getAllByRole('menuitem')[0]).toHaveTextContent('Stopped');
  });
});
