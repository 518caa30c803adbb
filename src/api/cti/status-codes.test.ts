import { agentStatusFromCode, extensionStatusLabel, toCode } from './status-codes';

describe('status codes (specification section 4)', () => {
  it.each([
    [11, 'rest'],
    [21, 'lunch'],
    [31, 'after'],
    [0, null],
    [1, null],
    [12, null],
    [51, null],
  ])('CTI load status %i maps to %s', (code, state) => {
    expect(agentStatusFromCode(code)).toBe(state);
  });

  it.each([
    [1, 'busy'],
    [4, 'logout'],
    [-1, 'logout'],
    [8, 'ringing'],
    [11, 'rest'],
    [21, 'lunch'],
    [31, 'after_call'],
    [12, 'consultation_available'],
    [22, 'consultation_available'],
    [32, 'consultation_available'],
    [51, 'default'],
    [99, 'default'],
  ])('extension status %i is labelled %s', (code, label) => {
    expect(extensionStatusLabel(code)).toBe(label);
  });

  it('reads numeric strings and turns garbage into 0', () => {
    expect(toCode('51')).toBe(51);
    expect(toCode(' -1 ')).toBe(-1);
    expect(toCode(null)).toBe(0);
    expect(toCode('x')).toBe(0);
  });
});
