import { DEMO_PASSWORDS } from './pages';

/** Signs in over the API (for simulator control and server-side checks). */
export async function apiToken(baseUrl: string, username: string): Promise<string> {
  const res = await fetch(`${baseUrl}/api/v1/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/json' },
    body: JSON.stringify({ username, password: DEMO_PASSWORDS[username] }),
  });
  if (!res.ok) throw new Error(`login ${username}: ${res.status}`);
  return ((await res.json()) as { access_token: string }).access_token;
}

/** Places a call from an outside number into the built-in PBX (CONTRACT §7). */
export async function placeCall(baseUrl: string, token: string, from: string, to: string): Promise<string> {
  const res = await fetch(`${baseUrl}/cti/simulator/calls`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify({ from, to }),
  });
  if (!res.ok) throw new Error(`place call: ${res.status} ${await res.text()}`);
  return ((await res.json()) as { uniqueid: string }).uniqueid;
}

export async function hangupFromFar(baseUrl: string, token: string, uniqueid: string): Promise<void> {
  await fetch(`${baseUrl}/cti/simulator/calls/${uniqueid}/hangup`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}` },
  });
}

export interface SimulatorExtension {
  number: string;
  registered: boolean;
  registrations: number;
  lastRegisteredAt: number | null;
  status: number;
}

export async function simulatorExtension(baseUrl: string, token: string, number: string): Promise<SimulatorExtension> {
  const res = await fetch(`${baseUrl}/cti/simulator/state`, { headers: { authorization: `Bearer ${token}` } });
  if (!res.ok) throw new Error(`simulator state: ${res.status}`);
  const state = (await res.json()) as { extensions: SimulatorExtension[] };
  const ext = state.extensions.find((e) => e.number === number);
  if (!ext) throw new Error(`extension ${number} not in the simulator`);
  return ext;
}
