import type { CallContext } from './call.types';

/** Korean for "phone call incoming time" (specification section 2); the ring time follows it. */
export const INBOUND_TITLE_TEXT = '전화 수신 시간';

/** `HH:mm:ss` in Seoul time, like every other time the app shows (src/i18n/dates.ts, specification §9). */
const SEOUL_CLOCK = new Intl.DateTimeFormat('en-GB', {
  timeZone: 'Asia/Seoul',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  hourCycle: 'h23',
});

/** The ring's time for the inbound pop-up's title, in Seoul time wherever the agent's computer is. */
export function ringTime(epochMs: number): string {
  return SEOUL_CLOCK.format(epochMs);
}

/**
 * Every query field of the inbound pop-up (specification section 2), from the call's context. `modal_id`
 * is the call's uniqueid, so the dialog store keeps one pop-up per call even when the event repeats.
 */
export function inboundPopupQuery(call: CallContext): Record<string, string> {
  const uniqueid = call.uniqueid ?? call.callId;
  return {
    phone_no: call.number,
    ext_no: call.extension,
    ring_gr: call.ringGroup,
    uniqueid,
    chanel: call.channel,
    ivr_number: call.ivrNumber,
    recordingfile: call.recordingfile,
    server: call.server,
    modal_id: uniqueid,
    title: `${INBOUND_TITLE_TEXT} ${ringTime(call.receivedAt)}`,
  };
}

/** The select-member pop-up needs the number to search and the call to attach the chosen member to. */
export function selectMemberQuery(call: CallContext): Record<string, string> {
  return { phone_no: call.number, uniqueid: call.uniqueid ?? call.callId };
}
