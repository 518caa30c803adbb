import { useSyncExternalStore } from 'react';
import { act, cleanup, fireEvent, screen, within } from '@testing-library/react';
import type { StateValue } from 'xstate';
import { createTestModel } from 'xstate/graph';
import type { MemberPhoneLookup } from '../../api/contracts/member.contract';
import { makeUserInfo } from '../../api/testing/make-user-info';
import InboundPopup from '../../features/inbound-call/inbound-popup';
import { CtiBar } from '../../features/telephony/cti-bar';
import { resetTelephonyUi } from '../../features/telephony/telephony-ui-store';
import type { CallStateName } from '../../api/realtime/socket-events';
import type { OpenPopupRequest } from '../../machines/call/call.types';
import { callLineSpecMachine } from '../../machines/call/call.spec-machine';
import { statePath } from '../../machines/phone/state-path';
import { signInAs, signOut } from '../../shell/session/testing/session-actor-stub';
import { PopupContext } from '../../shell/popups/popup-context';
import { stopTelephony } from '../../shell/telephony/telephony-lifecycle';
import { CTI_FAIL, CTI_OK, type CtiMethod } from '../../shell/telephony/testing/controlled-cti';
import { LocalBroadcastChannel } from '../../shell/telephony/testing/local-broadcast-channel';
import { flush, renderPhoneUi, startTestPhone, type TestPhone } from '../../shell/telephony/testing/phone-harness';

/**
 * Model-based test (issue 3 item 7): the call line spec's shortest paths drive the real screens — the
 * inbound pop-up for inbound calls, the CTI bar (dial pad, call row) for dialled ones — on a real
 * telephony root whose CTI server and socket are fakes. Server pushes (`FAR_*`) are socket events;
 * `*_OK` / `*_FAIL` answer the CTI request the last click started.
 */
vi.mock('../../shell/session/session-actor', () => import('../../shell/session/testing/session-actor-stub'));
vi.mock('../../api/members-lookup', () => ({
  useCallerMembers: () => ({ data: LOOKUP, error: undefined, isLoading: false, mutate: vi.fn() }),
  lookupCallerMembers: async () => LOOKUP,
}));
vi.stubGlobal('BroadcastChannel', LocalBroadcastChannel);

const LOOKUP: MemberPhoneLookup = {
  phone_number: '01055550001',
  memberCount: 1,
  data: [
    {
      id: 1, name: '김민준', phone_number: '01055550001', company_name: null, groups: ['VIP'], levels: ['Gold'],
      custom_fields: {}, is_mobile: true, created_at: '2025-01-01', updated_at: '2025-01-01',
    },
  ],
};
const INBOUND_ID = '1700000000.1';
const OUTBOUND_ID = '1700000000.2';
const DIALLED = '0212345678';
const SETTLE_MS = 500;
const agent = makeUserInfo({ permissions: ['dashboard', 'cti_transfer'] });

/** The pop-ups the phone opened, rendered as the dialog host would (without the lazy loading). */
const opened: { list: OpenPopupRequest[]; listeners: Set<() => void> } = { list: [], listeners: new Set() };
function recordPopup(request: OpenPopupRequest) {
  opened.list = [...opened.list, request];
  opened.listeners.forEach((l) => l());
  return request.mode;
}
function OpenedPopups() {
  const list = useSyncExternalStore(
    (l) => (opened.listeners.add(l), () => opened.listeners.delete(l)),
    () => opened.list,
  );
  return list
    .filter((r) => r.popupId === 'inbound')
    .slice(0, 1)
    .map((r) => (
      <PopupContext key={r.query.uniqueid} value={{ popupId: 'inbound', presentation: 'dialog', params: {}, query: r.query, close: () => undefined }}>
        <InboundPopup />
      </PopupContext>
    ));
}

const paths = createTestModel(callLineSpecMachine, { filterEvents: (s, e) => s.can(e) }).getShortestPaths();

beforeEach(() => vi.useFakeTimers());
afterEach(async () => {
  cleanup();
  stopTelephony();
  resetTelephonyUi();
  opened.list = [];
  vi.useRealTimers();
  await signOut();
});

describe(`call model: ${paths.length} shortest paths through the inbound pop-up and the CTI bar`, () => {
  for (const path of paths) {
    it(path.description, async () => {
      await signInAs(agent);
      const manual: CtiMethod[] = ['dial', 'answer', 'hangup', 'hangupWithChannel', 'blindTransfer', 'attendedTransfer'];
      const phone: TestPhone = startTestPhone({ user: agent, manual, openPopup: recordPopup });
      renderPhoneUi(
        <>
          <CtiBar />
          <OpenedPopups />
        </>,
      );
      await act(async () => phone.connection.serverConnect());
      await flush(SETTLE_MS);
      let direction: 'inbound' | 'outbound' = 'inbound';

      /** Inbound calls are worked from their pop-up, dialled ones from the CTI bar's call row. */
      const controls = () => within(screen.getByTestId(direction === 'inbound' ? 'inbound-popup' : 'cti-call'));
      const act_ = async (run: () => void) => {
        await act(async () => run());
        await flush(SETTLE_MS);
      };
      const click = (testId: string) => act_(() => void fireEvent.click(screen.getByTestId(testId)));
      const clickIn = (testId: string) => act_(() => void fireEvent.click(controls().getByTestId(testId)));
      const type = (testId: string, value: string) => act_(() => void fireEvent.change(screen.getByTestId(testId), { target: { value } }));
      const settle = (methods: CtiMethod[], outcome: { ok: unknown } | { fail: unknown }) => act_(() => void phone.cti.settle(methods, outcome));
      const push = async (state: CallStateName) => {
        const uniqueid = direction === 'inbound' ? INBOUND_ID : OUTBOUND_ID;
        const payload = { uniqueid, state, extension: '1001', number: direction === 'inbound' ? '01055550001' : DIALLED };
        // The phone learns a dialled call's uniqueid from the dial answer or its first ringing/answered/held
        // push; the server never ends a call it has not announced, so name it first.
        const unnamed = direction === 'outbound' && phone.root.system.get('call:out-1')?.getSnapshot().context.uniqueid === null;
        if (unnamed && (state === 'hangup' || state === 'transferred')) {
          await act_(() => phone.connection.serverEmit('call_state', { ...payload, state: 'ringing' }));
        }
        await act_(() => phone.connection.serverEmit('call_state', payload));
      };
      const transfer = async (button: 'transfer-blind' | 'transfer-attended', number: string) => {
        await clickIn('call-transfer');
        await type('transfer-number', number);
        await click(button);
      };

      await path.test({
        events: {
          INBOUND_RINGS: () =>
            act_(() =>
              phone.connection.serverEmit('inbound_call', {
                phone_no: '01055550001', ext_no: '1001', ring_gr: '', uniqueid: INBOUND_ID, chanel: 'SIP/1001-1',
                ivr_number: '', recordingfile: `${INBOUND_ID}.wav`, server: 'pbx',
              }),
            ),
          DIAL: async () => {
            direction = 'outbound';
            await click('dial-pad-button');
            await type('dial-pad-input', DIALLED);
            await click('dial-pad-call');
          },
          DIAL_OK: () => settle(['dial'], { ok: { result: 'success', uniqueid: OUTBOUND_ID } }),
          DIAL_FAIL: () => settle(['dial'], CTI_FAIL),
          ANSWER: () => clickIn('call-answer'),
          ANSWER_OK: () => settle(['answer'], CTI_OK),
          ANSWER_FAIL: () => settle(['answer'], CTI_FAIL),
          FAR_RINGING: () => push('ringing'),
          FAR_ANSWERED: () => push('answered'),
          FAR_HELD: () => push('held'),
          FAR_HANGUP: () => push('hangup'),
          FAR_TRANSFERRED: () => push('transferred'),
          TRANSFER_BLIND: () => transfer('transfer-blind', '1002'),
          TRANSFER_ATTENDED: () => transfer('transfer-attended', '1003'),
          TRANSFER_OK: () => settle(['blindTransfer', 'attendedTransfer'], CTI_OK),
          TRANSFER_FAIL: () => settle(['blindTransfer', 'attendedTransfer'], CTI_FAIL),
          COMPLETE_TRANSFER: () => clickIn('call-complete-transfer'),
          HANGUP: () => clickIn('call-hangup'),
          HANGUP_OK: () => settle(['hangup', 'hangupWithChannel'], CTI_OK),
          HANGUP_FAIL: () => settle(['hangup', 'hangupWithChannel'], CTI_FAIL),
        },
        states: {
          idle: () => {
            expect(screen.queryByTestId('cti-call')).toBeNull();
            expect(screen.queryByTestId('inbound-popup')).toBeNull();
          },
          active: (spec) => {
            const value = spec.value as { active: Record<string, StateValue> };
            const line = statePath(value.active.line);
            const requesting = value.active.hangup === 'requesting';
            const surfaces = [within(screen.getByTestId('cti-call'))];
            if (direction === 'inbound') surfaces.push(within(screen.getByTestId('inbound-popup')));
            for (const surface of surfaces) {
              expect(surface.getByTestId('call-controls')).toHaveAttribute('data-line', line);
              expect(surface.getByTestId('call-hangup')).toHaveProperty('disabled', requesting);
              if (line === 'transferring.attended.consulting') expect(surface.getByTestId('call-complete-transfer')).toBeEnabled();
              if (direction === 'inbound' && line === 'ringing') expect(surface.getByTestId('call-answer')).toBeEnabled();
            }
            if (direction === 'inbound') expect(screen.getByTestId('inbound-member-name')).toHaveTextContent('김민준');
          },
          ended: () => {
            expect(within(screen.getByTestId('cti-call')).getByTestId('call-phase')).toHaveAttribute('data-phase', 'ended');
            if (direction === 'inbound') expect(within(screen.getByTestId('inbound-popup')).getByTestId('call-phase')).toHaveAttribute('data-phase', 'ended');
          },
        },
      });
    });
  }
});
