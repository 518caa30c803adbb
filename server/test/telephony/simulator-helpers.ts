// Shared set-up for the simulator tests: a company with extensions 1000–1003, queue 500 (ring-all,
// 1001 and 1002), and event logs that keep every published event in order (extension events and the
// company-level call events apart).

import type { CompanyCallEvent, TelephonyDirectory, TelephonyEvent } from '../../src/telephony/driver';
import { SimulatorDriver, type SimulatorOptions } from '../../src/telephony/simulator/simulator-driver';

export const DEMO_DIRECTORY: TelephonyDirectory = {
  extensions: [
    { number: '1000', name: 'Manager' },
    { number: '1001', name: 'Agent One' },
    { number: '1002', name: 'Agent Two' },
    { number: '1003', name: 'User' },
  ],
  queues: [{ number: '500', strategy: 'ringall', members: ['1001', '1002'] }],
  ringGroups: [],
};

export const CUSTOMER = '01055550001';

type QueueCallEvent = Extract<CompanyCallEvent, { type: 'call_started' | 'call_ended' }>;

export interface Harness {
  driver: SimulatorDriver;
  events: TelephonyEvent[];
  /** The company-level queue-call events (call_started, call_ended), in order; they go to no room. */
  companyEvents: QueueCallEvent[];
  /** The other company-level events (call_placed, call_blocked), in order. */
  callNotices: CompanyCallEvent[];
  /** Events for one extension's room, optionally of one type. */
  roomOf(ext: string, type?: TelephonyEvent['type']): TelephonyEvent[];
  /** `call_state` states for one extension, in order. */
  statesOf(ext: string): string[];
  /** `extension_status` codes for one extension, in order. */
  statusesOf(ext: string): number[];
  clear(): void;
}

export async function createHarness(
  directory: TelephonyDirectory = DEMO_DIRECTORY,
  options: SimulatorOptions = {},
  loggedIn: string[] = ['1000', '1001', '1002', '1003'],
): Promise<Harness> {
  const driver = new SimulatorDriver({ server: 'test-pbx', ...options });
  await driver.configure(directory);
  for (const ext of loggedIn) await driver.register(ext);
  const events: TelephonyEvent[] = [];
  const companyEvents: QueueCallEvent[] = [];
  const callNotices: CompanyCallEvent[] = [];
  driver.subscribe((event) => {
    if ('extension' in event) events.push(event);
    else if (event.type === 'call_started' || event.type === 'call_ended') companyEvents.push(event);
    else callNotices.push(event);
  });
  const roomOf = (ext: string, type?: TelephonyEvent['type']) =>
    events.filter((e) => e.extension === ext && (!type || e.type === type));
  return {
    driver,
    events,
    companyEvents,
    callNotices,
    roomOf,
    statesOf: (ext) => roomOf(ext, 'call_state').map((e) => (e.type === 'call_state' ? e.payload.state : '')),
    statusesOf: (ext) => roomOf(ext, 'extension_status').map((e) => (e.type === 'extension_status' ? e.payload.status : -1)),
    clear: () => {
      events.length = 0;
      companyEvents.length = 0;
      callNotices.length = 0;
    },
  };
}
