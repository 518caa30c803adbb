import { membersText } from './queue.view';

describe('the queue list members cell', () => {
  it('lists members in order, with the penalty only when above 0', () => {
    expect(
      membersText([
        { extension: '1002', penalty: 0 },
        { extension: '1001', penalty: 2 },
        { extension: '1003', penalty: null },
      ]),
    ).toBe('1002, 1001 (2), 1003');
    expect(membersText([])).toBe('');
  });
});
