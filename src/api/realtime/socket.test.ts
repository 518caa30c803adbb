import type { RealtimeConnection, RealtimeSocket } from './socket';

const ioMock = vi.hoisted(() => vi.fn());
vi.mock('socket.io-client', () => ({ io: ioMock }));

import { connectSocket } from './socket';

describe('connectSocket', () => {
  it('authenticates with the token read at (re)connect time, on the page origin by default', () => {
    ioMock.mockReturnValue({ fake: true });
    let token = 'first';
    connectSocket({ token: () => token });
    const [url, options] = ioMock.mock.calls[0] as [string | undefined, { auth: (cb: (d: object) => void) => void }];
    expect(url).toBeUndefined();
    const seen: object[] = [];
    options.auth((data) => seen.push(data));
    token = 'refreshed';
    options.auth((data) => seen.push(data));
    expect(seen).toEqual([{ token: 'first' }, { token: 'refreshed' }]);
  });

  it('accepts a fixed token and an explicit server url', () => {
    ioMock.mockReturnValue({ fake: true });
    connectSocket({ url: 'http://app.test', token: 'fixed' });
    const [url, options] = ioMock.mock.calls.at(-1) as [string, { auth: (cb: (d: object) => void) => void }];
    expect(url).toBe('http://app.test');
    options.auth((data) => expect(data).toEqual({ token: 'fixed' }));
  });

  it('a typed socket.io socket is a RealtimeConnection (compile-time check)', () => {
    const asConnection = (socket: RealtimeSocket): RealtimeConnection => socket;
    expect(typeof asConnection).toBe('function');
  });
});
