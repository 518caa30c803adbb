import type { SnapshotFrom } from 'xstate';
import type { CtiError } from '../../api/cti/cti-types';
import { topState } from '../phone/state-path';
import type { registrationMachine } from './registration.machine';

export type RegistrationSnapshot = SnapshotFrom<typeof registrationMachine>;

export interface RegistrationView {
  /** loading | registered | notRegistered | waiting */
  state: string;
  registered: boolean;
  extension: string;
  extenStatus: number | null;
  status: number | null;
  socketConnected: boolean;
  error: CtiError | null;
  canRetry: boolean;
}

export function viewRegistration(snapshot: RegistrationSnapshot): RegistrationView {
  const { context } = snapshot;
  return {
    state: topState(snapshot.value),
    registered: snapshot.matches('registered'),
    extension: context.extension,
    extenStatus: context.extenStatus,
    status: context.status,
    socketConnected: context.socketConnected,
    error: context.error,
    canRetry: snapshot.can({ type: 'RETRY' }),
  };
}
