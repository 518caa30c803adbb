import { listLink, urlListFilters } from './url-list-filters';

describe('filters in a list address', () => {
  it('writes the filters given, leaving out the empty ones', () => {
    expect(listLink('/call-statistics/inbound-details', { date_from: '2026-11-27', extension: '1001', disposition: undefined })).toBe(
      '/call-statistics/inbound-details?date_from=2026-11-27&extension=1001',
    );
    expect(listLink('/consultations/callbacks', {})).toBe('/consultations/callbacks');
  });

  it('reads back only the names the list accepts', () => {
    const search = '?date_from=2026-11-27&extension=1001&sort_by=evil&disposition=';
    expect(urlListFilters(['date_from', 'extension', 'disposition'], search)).toEqual({ date_from: '2026-11-27', extension: '1001' });
  });
});
