import type { PhoneCommand } from '../../machines/phone/phone.types';

/**
 * Commands arrive from other windows as untyped data (`cti.request` over the BroadcastChannel). Only the
 * shape is checked here; the phone root's guards decide whether a command is allowed now.
 */
const COMMAND_TYPES = new Set<PhoneCommand['type']>([
  'DIAL',
  'LISTEN',
  'WHISPER',
  'RETRY_REGISTRATION',
  'AGENT_COMMAND',
  'CALL_COMMAND',
  'DISMISS_ERROR',
  'REFRESH_SUMMARY',
]);

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

export function isPhoneCommand(value: unknown): value is PhoneCommand {
  if (!isRecord(value) || typeof value.type !== 'string' || !COMMAND_TYPES.has(value.type as PhoneCommand['type'])) return false;
  switch (value.type) {
    case 'DIAL':
      return typeof value.number === 'string';
    case 'LISTEN':
    case 'WHISPER':
      return typeof value.target === 'string';
    case 'AGENT_COMMAND':
      return isRecord(value.command) && typeof value.command.type === 'string';
    case 'CALL_COMMAND':
      return typeof value.callId === 'string' && isRecord(value.command) && typeof value.command.type === 'string';
    default:
      return true;
  }
}
