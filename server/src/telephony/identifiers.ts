// Names that look like Asterisk's, so the rest of the product (pop-ups, call logs, recording links)
// never needs to know it is talking to the simulator.

export interface PbxIdentifiers {
  /** `1732345678.123`: epoch seconds, a dot, a sequence number. */
  uniqueid(): string;
  /** `SIP/1001-0000002a`: technology/peer, a dash, 8 hex digits. */
  channel(peer: string): string;
  /** `20261123-101500-01055550001-1001-1732345678.123.wav` */
  recordingFile(from: string, to: string, uniqueid: string): string;
  /** One-touch recordings get their own file so they never overwrite the whole-call recording. */
  oneTouchFile(ext: string, uniqueid: string): string;
}

/**
 * One sequence per process, like one Asterisk server: ids stay unique across companies too, which
 * keeps call logs and recordings unambiguous even if they are ever looked up without a company.
 */
let sequence = 0;
let channelSequence = 0;

export function createIdentifiers(now: () => number = Date.now): PbxIdentifiers {
  return {
    uniqueid() {
      sequence += 1;
      return `${Math.floor(now() / 1000)}.${sequence}`;
    },
    channel(peer) {
      channelSequence += 1;
      return `SIP/${peer}-${channelSequence.toString(16).padStart(8, '0')}`;
    },
    recordingFile(from, to, uniqueid) {
      return `${timestamp(now())}-${from}-${to}-${uniqueid}.wav`;
    },
    oneTouchFile(ext, uniqueid) {
      return `otr-${timestamp(now())}-${ext}-${uniqueid}.wav`;
    },
  };
}

function timestamp(ms: number): string {
  const d = new Date(ms);
  const pad = (n: number) => String(n).padStart(2, '0');
  return (
    `${d.getFullYear()}${pad(d.getMonth() + 1)}${pad(d.getDate())}-` +
    `${pad(d.getHours())}${pad(d.getMinutes())}${pad(d.getSeconds())}`
  );
}
