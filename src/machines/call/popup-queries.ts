import type { CallContext } from './call.types';

/** Korean for "phone call incoming time" (specification section 2); the ring time follows it. */
export const INBOUND_TITLE_TEXT = '전화 수신 시간';

const pad = (n: number) => String(n).padStart(2, '0');

/** Local wall-clock time of the ring, `HH:mm:ss`: agents compare it with the phone's display. */
export function ringTime(epochMs: number): string {
  const d = new Date(epochMs);
  return `${pad(d.getHours())}:${pad(d.getMinutes())}:${pad(d.getSeconds())}`;
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
