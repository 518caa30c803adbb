import type { ReactElement } from 'react';
import { act, render } from '@testing-library/react';
import { SWRConfig } from 'swr';
import type { UserInfo } from '../../../api/contracts/session.contract';
import { makeUserInfo } from '../../../api/testing/make-user-info';
import type { OpenPopupOutcome, OpenPopupRequest } from '../../../machines/call/call.types';
import { FakeConnection } from '../../../machines/phone/fake-connection';
import { phonePermissionsFor } from '../../../machines/phone/provide-phone';
import { TestProviders } from '../../../ui/testing/render-with-providers';
import { publishSummary } from '../bridge-glue';
import { startTelephony, stopTelephony } from '../telephony-lifecycle';
import { createTelephonyRoot, singleTabElection, type TelephonyDeps } from '../telephony-root';
import { ControlledCti, type CtiMethod } from './controlled-cti';

/**
 * UI tests with the real telephony root (tab leader → phone → registration, agent state, calls) and the
 * server faked at the provided-actor level: a FakeConnection for the socket and a ControlledCti for the
 * CTI server. The root is started through the app's lifecycle, so components reach it exactly as in
 * the app (phone view, sendPhoneCommand). Use with fake timers; `flush()` lets promises and React settle.
 *
 * Tests must stub BroadcastChannel (LocalBroadcastChannel) and mock the session actor with the stub.
 */
export interface TestPhoneOptions {
  user?: UserInfo;
  manual?: CtiMethod[];
  auto?: Partial<Record<CtiMethod, unknown>>;
  /** memberCount the phone's lookup answers; 'manual' waits for `answerLookup`. @default 1 */
  memberCount?: number | 'manual';
  /** What opening a call pop-up does. @default the requested mode */
  openPopup?: (request: OpenPopupRequest) => OpenPopupOutcome | Promise<OpenPopupOutcome>;
}

export function startTestPhone(options: TestPhoneOptions = {}) {
  const user = options.user ?? makeUserInfo();
  const connection = new FakeConnection();
  const cti = new ControlledCti({ manual: options.manual, auto: options.auto });
  const popups: OpenPopupRequest[] = [];
  const lookups: { resolve: (v: { memberCount: number }) => void; reject: (e: unknown) => void }[] = [];
  const deps: TelephonyDeps = {
    cti: cti.client,
    connect: () => connection,
    lookupMembers: (phone) =>
      options.memberCount === 'manual'
        ? new Promise((resolve, reject) => lookups.push({ resolve, reject }))
        : Promise.resolve({ memberCount: options.memberCount ?? (phone ? 1 : 0) }),
    openPopup: (request) => {
      popups.push(request);
      return options.openPopup ? options.openPopup(request) : request.mode;
    },
    publish: publishSummary,
    reportError: (error) => console.error(error),
    permissions: phonePermissionsFor(user),
  };
  const root = createTelephonyRoot(user, deps, { election: singleTabElection });
  startTelephony(root, 'test');
  return { root, connection, cti, popups, lookups, user, stop: stopTelephony };
}

export type TestPhone = ReturnType<typeof startTestPhone>;

/** Let promises, actors and React settle; `ms` also lets dialogs finish their open/close transitions. */
export async function flush(ms = 0): Promise<void> {
  await act(async () => {
    await vi.advanceTimersByTimeAsync(ms);
  });
}

/** The app's providers with a fresh SWR cache (no deduping, no retries). */
export function renderPhoneUi(ui: ReactElement) {
  return render(ui, {
    wrapper: ({ children }) => (
      <TestProviders>
        <SWRConfig value={{ provider: () => new Map(), dedupingInterval: 0, shouldRetryOnError: false }}>{children}</SWRConfig>
      </TestProviders>
    ),
  });
}
