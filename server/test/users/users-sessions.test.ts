import { buildTestApp, login, type TestApp } from '../helpers/build-test-app';
import { listen, openSocket, type ClientSocket } from '../cti/cti-helpers';
import { signedInCaller, type Caller } from '../resources/resource-test-helpers';
import { createUser, newUserBody } from './users-test-helpers';

/**
 * Anchors (sessions): disabling or deleting a user ends their sessions, sockets included, at once, not
 * at the socket's next command.
 */
let t: TestApp;
let call: Caller;
let url: string;
const sockets: ClientSocket[] = [];
beforeAll(async () => {
  t = await buildTestApp();
  call = await signedInCaller(t.app);
  url = await listen(t.app);
});
afterAll(async () => {
  for (const socket of sockets) socket.close();
  await t?.close();
});

async function connectedUser() {
  const body = newUserBody();
  const user = await createUser(call, body);
  const session = await login(t.app, String(body.username), String(body.password));
  const socket = await openSocket(url, session.access_token);
  sockets.push(socket);
  const disconnected = new Promise<string>((resolve) => socket.once('disconnect', resolve));
  return { user, socket, disconnected };
}

it.each([
  ['deactivating', (id: number) => call('manager', '/users/update-status', { id, status: 'inactive' })],
  ['deleting', (id: number) => call('manager', '/users/destroy', { id })],
  ['resetting the password of', (id: number) => call('manager', '/users/reset-password', { id })],
])('%s a user closes their sockets', async (_action, act) => {
  const { user, socket, disconnected } = await connectedUser();
  expect(socket.connected).toBe(true);
  expect((await act(user.id)).statusCode).toBe(200);
  expect(await disconnected).toBe('io server disconnect');
});

it('leaves other users’ sockets alone', async () => {
  const bystander = await connectedUser();
  const { user } = await connectedUser();
  await call('manager', '/users/update-status', { id: user.id, status: 'inactive' });
  await new Promise((resolve) => setTimeout(resolve, 200));
  expect(bystander.socket.connected).toBe(true);
});
