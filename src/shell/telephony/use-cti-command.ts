import { useUserInfo } from '../session/session-selectors';
import { commandState, type CtiCommand, type CtiCommandState } from './cti-commands';
import { usePhone } from './use-phone';

/** How a phone command's button is drawn now (cti-commands.ts), re-rendering only when that changes. */
export function usePhoneCommandState(command: CtiCommand): CtiCommandState {
  const userInfo = useUserInfo();
  return usePhone((snapshot) => commandState(command, userInfo, snapshot.context.summary, null));
}
