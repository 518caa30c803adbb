import { z } from 'zod';
import type { SimulatorControls, TelephonyDriver } from '../../telephony/driver';

/**
 * Everything the HTTP routes and the sockets ask of a company's PBX, as plain data. Plain data because
 * with several app processes only one of them holds the PBX drivers (see pbx-lease.ts): the others
 * send these operations to it over Redis, and it answers with plain data too.
 */

/** Driver methods that may be called from outside; `configure`, `subscribe` and `close` stay internal. */
export const DRIVER_COMMANDS = [
  'load',
  'register',
  'unregister',
  'dndOn',
  'dndOff',
  'transfer',
  'unTransfer',
  'checkTransfer',
  'dial',
  'clickToCall',
  'answer',
  'hangup',
  'hold',
  'unhold',
  'blindTransfer',
  'attendedTransfer',
  'listen',
  'whisper',
  'queueReset',
  'playSound',
  'getChannel',
  'oneTouchRecording',
] as const satisfies readonly (keyof TelephonyDriver)[];

export type DriverCommand = (typeof DRIVER_COMMANDS)[number];

export const SIMULATOR_COMMANDS = ['placeInboundCall', 'hangupFromFar', 'answerOutside', 'refuseOutside', 'snapshot'] as const satisfies readonly (keyof SimulatorControls)[];

export type SimulatorCommand = (typeof SIMULATOR_COMMANDS)[number];

export type DriverArgs<C extends DriverCommand> = Parameters<TelephonyDriver[C]>;
export type DriverResult<C extends DriverCommand> = Awaited<ReturnType<TelephonyDriver[C]>>;
export type SimulatorArgs<C extends SimulatorCommand> = Parameters<SimulatorControls[C]>;
export type SimulatorResult<C extends SimulatorCommand> = Awaited<ReturnType<SimulatorControls[C]>>;

/** Validated when it arrives over Redis: a command name outside the lists above is refused. */
export const telephonyOperationSchema = z.discriminatedUnion('op', [
  z.object({ op: z.literal('command'), companyId: z.number().int(), name: z.enum(DRIVER_COMMANDS), args: z.array(z.unknown()) }),
  z.object({ op: z.literal('simulator'), companyId: z.number().int(), name: z.enum(SIMULATOR_COMMANDS), args: z.array(z.unknown()) }),
  /** `load` by the extension's own user; on the built-in PBX it also logs the simulated desk phone in. */
  z.object({ op: z.literal('signIn'), companyId: z.number().int(), extension: z.string() }),
  /** The events that rebuild the calls an extension is on, for a phone joining its room mid-call. */
  z.object({ op: z.literal('liveCalls'), companyId: z.number().int(), extension: z.string() }),
  /** Re-read the company's directory from the database and hand it to the PBX. */
  z.object({ op: z.literal('reloadDirectory'), companyId: z.number().int() }),
  /** Hand the applied routing to a PBX that keeps its own (Asterisk); answers null for the others. */
  z.object({ op: z.literal('loadRouting'), companyId: z.number().int() }),
]);

export type TelephonyOperation = z.infer<typeof telephonyOperationSchema>;

/** Runs operations wherever the company's PBX lives: in this process, or in the one that owns it. */
export interface TelephonyGateway {
  run(operation: TelephonyOperation): Promise<unknown>;
}
