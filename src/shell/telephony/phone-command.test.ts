import { isPhoneCommand } from './phone-command';

describe('isPhoneCommand (commands arriving over the bridge)', () => {
  it.each([
    [{ type: 'DIAL', number: '1002' }, true],
    [{ type: 'DIAL' }, false],
    [{ type: 'CALL_COMMAND', callId: '1.1', command: { type: 'ANSWER' } }, true],
    [{ type: 'CALL_COMMAND', command: { type: 'ANSWER' } }, false],
    [{ type: 'AGENT_COMMAND', command: { type: 'REQUEST', state: 'rest' } }, true],
    [{ type: 'AGENT_COMMAND', command: 'REQUEST' }, false],
    [{ type: 'LISTEN', target: '1002' }, true],
    [{ type: 'WHISPER' }, false],
    [{ type: 'REFRESH_SUMMARY' }, true],
    [{ type: 'RETRY_REGISTRATION' }, true],
    [{ type: 'xstate.stop' }, false],
    ['DIAL', false],
    [null, false],
  ])('%j → %s', (value, expected) => {
    expect(isPhoneCommand(value)).toBe(expected);
  });
});
