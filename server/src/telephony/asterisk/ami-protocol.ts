// The Asterisk Manager Interface wire format: after a one-line banner (`Asterisk Call Manager/5.0.1`),
// every message is `Key: value` lines ending in CRLF, terminated by an empty line. Messages from
// Asterisk start with `Response:` or `Event:`; ours start with `Action:`.

import { TelephonyError } from '../errors';

/** A message from Asterisk. Keys keep Asterisk's spelling; a repeated key keeps its last value. */
export type AmiMessage = Record<string, string>;

/** An action to send: ordered pairs, because some keys (Variable) may repeat. */
export type AmiAction = [key: string, value: string][];

const BANNER = /^Asterisk Call Manager\/(\S+)/;

/**
 * Incremental parser: feed it whatever the socket delivers, get whole messages back.
 * Tolerates bare LF line endings, which some proxies and test tools produce.
 */
export class AmiParser {
  private buffer = '';
  private bannerSeen = false;
  version: string | null = null;

  get sawBanner(): boolean {
    return this.bannerSeen;
  }

  push(chunk: string): AmiMessage[] {
    this.buffer += chunk;
    const messages: AmiMessage[] = [];
    if (!this.bannerSeen) {
      const end = this.buffer.indexOf('\n');
      if (end === -1) return messages;
      const line = this.buffer.slice(0, end).replace(/\r$/, '');
      this.version = BANNER.exec(line)?.[1] ?? null;
      this.bannerSeen = true;
      this.buffer = this.buffer.slice(end + 1);
    }
    for (;;) {
      const match = /\r?\n\r?\n/.exec(this.buffer);
      if (!match) break;
      const block = this.buffer.slice(0, match.index);
      this.buffer = this.buffer.slice(match.index + match[0].length);
      const message = parseBlock(block);
      if (Object.keys(message).length > 0) messages.push(message);
    }
    return messages;
  }

  reset(): void {
    this.buffer = '';
    this.bannerSeen = false;
    this.version = null;
  }
}

function parseBlock(block: string): AmiMessage {
  const message: AmiMessage = {};
  for (const line of block.split(/\r?\n/)) {
    const colon = line.indexOf(':');
    if (colon <= 0) continue;
    message[line.slice(0, colon).trim()] = line.slice(colon + 1).trim();
  }
  return message;
}

/**
 * Serialise an action. A CR or LF inside a value would end the line early and let the rest be read
 * as further headers or a whole second action (caller ID and numbers come from outside), so it is
 * refused outright rather than stripped.
 */
export function serializeAction(action: AmiAction): string {
  let text = '';
  for (const [key, value] of action) {
    if (/[\r\n]/.test(key) || /[\r\n]/.test(value)) {
      throw new TelephonyError('invalid_number', `AMI ${key} cannot contain a line break`);
    }
    text += `${key}: ${value}\r\n`;
  }
  return `${text}\r\n`;
}

export function actionName(action: AmiAction): string {
  return action.find(([key]) => key.toLowerCase() === 'action')?.[1] ?? '';
}
