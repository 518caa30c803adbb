import type { Holiday } from '../../../src/api/contracts/holiday.contract';
import { buildTestApp, loginAs, post, type TestApp } from '../helpers/build-test-app';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  await t?.close();
});

describe('POST /holidays', () => {
  it('answers 401 without a token', async () => {
    expect((await post(t.app, '/holidays', { year: 2025 })).statusCode).toBe(401);
  });

  it('answers the 2025 list to an agent, sorted, with the substitutes, the 임시공휴일 and the election', async () => {
    const session = await loginAs(t.app, 'agent1');
    const response = await post(t.app, '/holidays', { year: 2025 }, { token: session.access_token });
    expect(response.statusCode).toBe(200);
    const { data } = response.json<{ data: Holiday[] }>();
    expect(data.map((h) => `${h.date} ${h.kind} ${h.name_kr}`)).toEqual([
      '2025-01-01 solar 신정',
      '2025-01-27 custom 임시공휴일',
      '2025-01-28 lunar 설날 전날',
      '2025-01-29 lunar 설날',
      '2025-01-30 lunar 설날 다음 날',
      '2025-03-01 solar 삼일절',
      '2025-03-03 substitute 대체공휴일(삼일절)',
      '2025-05-05 solar 어린이날',
      '2025-05-05 lunar 부처님 오신 날',
      '2025-05-06 substitute 대체공휴일(부처님 오신 날)',
      '2025-06-03 election 제21대 대통령선거',
      '2025-06-06 solar 현충일',
      '2025-08-15 solar 광복절',
      '2025-10-03 solar 개천절',
      '2025-10-05 lunar 추석 전날',
      '2025-10-06 lunar 추석',
      '2025-10-07 lunar 추석 다음 날',
      '2025-10-08 substitute 대체공휴일(추석)',
      '2025-10-09 solar 한글날',
      '2025-12-25 solar 성탄절',
    ]);
    expect(data[3]).toEqual({ date: '2025-01-29', name: 'Seollal', name_kr: '설날', kind: 'lunar' });
  });

  it('answers a manager too', async () => {
    const session = await loginAs(t.app, 'manager');
    const response = await post(t.app, '/holidays', { year: 2026 }, { token: session.access_token });
    expect(response.statusCode).toBe(200);
    expect(response.json().data).toContainEqual({ date: '2026-10-05', name: 'Substitute holiday (National Foundation Day)', name_kr: '대체공휴일(개천절)', kind: 'substitute' });
  });

  it('answers 403 to the platform administrator (no company)', async () => {
    const session = await loginAs(t.app, 'admin');
    expect((await post(t.app, '/holidays', { year: 2025 }, { token: session.access_token })).statusCode).toBe(403);
  });

  it.each([[1899], [2101], [2025.5], ['2025'], [null]])('answers 422 for year %j, translated', async (year) => {
    const session = await loginAs(t.app, 'agent1');
    const response = await post(t.app, '/holidays', { year }, { token: session.access_token, language: 'ko' });
    expect(response.statusCode).toBe(422);
    expect(response.json().errors).toEqual({ year: ['연도는 1900부터 2100 사이의 정수여야 합니다.'] });
  });

  it('answers 422 without a year, in English by default', async () => {
    const session = await loginAs(t.app, 'agent1');
    const response = await post(t.app, '/holidays', {}, { token: session.access_token });
    expect(response.statusCode).toBe(422);
    expect(response.json().errors).toEqual({ year: ['The year must be a whole number from 1900 to 2100.'] });
  });
});
