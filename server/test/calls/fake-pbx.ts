import type { CallEndOutcome } from '../../src/telephony/driver';
import type { CompanyTelephonyEvent, CompanyTelephonyListener } from '../../src/telephony/service';

/** A telephony service the tests emit events into by hand, as a PBX would send them to a recorder. */
export function fakePbx() {
  const listeners = new Set<CompanyTelephonyListener>();
  return {
    subscribe: (listener: CompanyTelephonyListener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    emit: (event: CompanyTelephonyEvent) => listeners.forEach((listener) => listener(event)),
  };
}

/** The events of one call from `from` to queue 500 of company `companyId` (Demo Call Centre by default). */
export const queueCall = (uniqueid: string, from: string, companyId = '1') => {
  const state = (ext: string, value: 'answered' | 'held' | 'hangup'): CompanyTelephonyEvent => ({
    companyId,
    type: 'call_state',
    extension: ext,
    payload: { uniqueid, state: value, extension: ext, number: from },
  });
  return {
    ring: (ext: string): CompanyTelephonyEvent => ({
      companyId,
      type: 'inbound_call',
      extension: ext,
      payload: { phone_no: from, ext_no: ext, ring_gr: '500', uniqueid, chanel: '', ivr_number: '', recordingfile: '', server: 'builtin' },
    }),
    answer: (ext: string) => state(ext, 'answered'),
    hold: (ext: string) => state(ext, 'held'),
    hangup: (ext: string) => state(ext, 'hangup'),
    // The company-level events carry the PBX's time.
    started: (at = new Date()): CompanyTelephonyEvent => ({ companyId, type: 'call_started', payload: { uniqueid, from, queue: '500', at: at.toISOString() } }),
    ended: (outcome: CallEndOutcome, at = new Date()): CompanyTelephonyEvent => ({
      companyId,
      type: 'call_ended',
      payload: { uniqueid, from, queue: '500', outcome, at: at.toISOString() },
    }),
  };
};
