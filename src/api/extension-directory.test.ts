import { FakeConnection } from '../machines/phone/fake-connection';
import { parseExtensions, watchExtensionStatuses } from './extension-directory';

describe('extension directory', () => {
  it("reads the simulator's extensions, codes as numbers, sorted by number", () => {
    expect(
      parseExtensions({
        extensions: [
          { number: '1010', name: 'B', exten_status: '51', status: '11' },
          { number: 1002, name: 'A', exten_status: 0, status: 4, registered: false },
          { name: 'no number' },
        ],
        calls: [],
      }),
    ).toEqual([
      { number: '1002', name: 'A', extenStatus: 0, status: 4 },
      { number: '1010', name: 'B', extenStatus: 51, status: 11 },
    ]);
    expect(parseExtensions(null)).toEqual([]);
  });

  it('joins the rooms on every connect, reports pushes, and leaves and closes when stopped', () => {
    const connection = new FakeConnection();
    const seen: unknown[] = [];
    const stop = watchExtensionStatuses(connection, ['1001', '1002'], (p) => seen.push(p));
    connection.serverConnect();
    connection.serverEmit('extension_status', { extension: '1002', exten_status: '51' as unknown as number, status: 8 });
    connection.serverDisconnect();
    connection.serverConnect();
    expect(connection.count('join_extension_room')).toBe(4);
    expect(seen).toEqual([{ extension: '1002', exten_status: 51, status: 8 }]);
    stop();
    expect(connection.count('leave_extension_room')).toBe(2);
    expect(connection.closed).toBe(true);
  });
});
