import axios from 'axios';
import { toCode } from './cti/status-codes';
import { toApiError } from './errors';
import type { RealtimeConnection } from './realtime/socket';
import type { ExtensionStatusPayload } from './realtime/socket-events';
import { getToken } from './storage';

/**
 * The company's extensions and their status codes, for the registration-status board.
 *
 * Source: the built-in CTI server's `GET {cti_server}/simulator/state` (managers only, docs/cti-api.md).
 * There is no users/extensions route on the server yet, and a company on another CTI server has no
 * simulator: callers fall back to the user's own extension when this fails (docs/telephony-ui.md).
 */
export interface ExtensionEntry {
  number: string;
  name: string;
  /** 51 = logged in (registered). */
  extenStatus: number;
  /** Specification section 4 status code. */
  status: number;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

export function parseExtensions(data: unknown): ExtensionEntry[] {
  const list = isRecord(data) && Array.isArray(data.extensions) ? data.extensions : [];
  return list
    .filter(isRecord)
    .map((e) => ({
      number: String(e.number ?? ''),
      name: typeof e.name === 'string' ? e.name : '',
      extenStatus: toCode(e.exten_status),
      status: toCode(e.status),
    }))
    .filter((e) => e.number !== '')
    .sort((a, b) => a.number.localeCompare(b.number, undefined, { numeric: true }));
}

export async function fetchCompanyExtensions(ctiServer: string): Promise<ExtensionEntry[]> {
  const token = getToken();
  try {
    const { data } = await axios.get<unknown>(`${ctiServer.replace(/\/+$/, '')}/simulator/state`, {
      headers: { Accept: 'application/json', ...(token ? { Authorization: `Bearer ${token}` } : {}) },
      timeout: 15_000,
    });
    return parseExtensions(data);
  } catch (err) {
    throw toApiError(err);
  }
}

/**
 * Live status of several extensions: joins each extension's room on (every) connect and reports the
 * server's `extension_status` pushes. Managers may join any extension of their company (CONTRACT §8).
 * Returns the function that leaves the rooms and closes the connection.
 */
export function watchExtensionStatuses(
  connection: RealtimeConnection,
  extensions: readonly string[],
  onStatus: (payload: ExtensionStatusPayload) => void,
): () => void {
  const join = () => extensions.forEach((n) => connection.emit('join_extension_room', { extensionNumber: n }));
  connection.on('connect', join);
  connection.on('extension_status', (payload) =>
    onStatus({ extension: String(payload.extension), exten_status: toCode(payload.exten_status), status: toCode(payload.status) }),
  );
  if (connection.connected) join();
  return () => {
    if (connection.connected) extensions.forEach((n) => connection.emit('leave_extension_room', { extensionNumber: n }));
    connection.removeAllListeners();
    connection.disconnect();
  };
}
