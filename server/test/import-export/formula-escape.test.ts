import { escapeFormula } from '../../src/services/export/formula-escape';

describe('escapeFormula (OWASP ASVS 1.2.10)', () => {
  it.each(['=1+1', '+1', '-1', '@SUM(A1)', '\tx', '\rx', '\0x'])('prefixes %j with a quote', (text) => {
    expect(escapeFormula(text)).toBe(`'${text}`);
  });

  it.each(['', 'Plain', '010-5555-0001', ' =not first', "'quoted"])('leaves %j alone', (text) => {
    expect(escapeFormula(text)).toBe(text);
  });
});
