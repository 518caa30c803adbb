import { dialableNumber } from './dialable-number';
import { agentStatusFromCode, extensionStatusLabel, presenceFromCode, toCode } from './status-codes';

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

describe('presenceFromCode (what an extension_status push says about the agent state)', () => {
  it.each([
    [0, 'available'],
    [2, 'dnd'],
    [11, 'rest'],
    [12, 'rest'],
    [21, 'lunch'],
    [22, 'lunch'],
    [31, 'after'],
    [32, 'after'],
    [1, null],
    [4, null],
    [-1, null],
    [8, null],
    [99, 'available'],
  ])('status %i → %s', (code, presence) => {
    expect(presenceFromCode(code)).toBe(presence);
  });
});

describe('dialableNumber', () => {
  it.each([
    ['010-5555-0001', '01055550001'],
    [' (02) 123.4567 ', '021234567'],
    ['1002', '1002'],
    ['+82 10 1234', null],
    ['*72', null],
    ['', null],
    ['123456789012345678901', null],
  ])('%j → %j', (raw, expected) => {
    expect(dialableNumber(raw)).toBe(expected);
  });
});
