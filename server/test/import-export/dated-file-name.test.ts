import { datedFileName } from '../../src/routes/import-export/send-xlsx';

describe('datedFileName', () => {
  it('names a download by the Seoul date and time, as its rows are written (specification §9)', () => {
    // 2026-11-24 19:27 UTC is 04:27 on the 25th in Seoul.
    expect(datedFileName('members', new Date('2026-11-24T19:27:41Z'))).toBe('members-20261125-0427.xlsx');
    expect(datedFileName('users', new Date('2026-01-01T00:05:00+09:00'))).toBe('users-20260101-0005.xlsx');
  });
});
