import { z } from 'zod';
import { uniqueIdSchema } from './call.contract';

/**
 * The recording pop-ups (`consultation-recording-file`, `consultation-one-touch-recording-file`, query
 * `unique_id` plus `src` for inbound or `dst` for outbound) ask `cti/consultations/show-recording-file`
 * or `show-one-touch-recording-file` for the call's file. An audio element cannot send a bearer header,
 * so the answer carries URLs with a short-lived token good only for that file (CONTRACT §3).
 */

const partyNumber = z
  .string()
  .trim()
  .max(40, 'validation.invalid_value')
  .optional()
  .transform((value) => value || undefined);

export const recordingRequestSchema = z.object({
  unique_id: uniqueIdSchema,
  /** Inbound: the caller's number; when given it must match the call. */
  src: partyNumber,
  /** Outbound: the dialled number; when given it must match the call. */
  dst: partyNumber,
});

export const recordingFileSchema = z.object({
  file_name: z.string(),
  /** Plays inline (`audio/wav`); relative to the app's origin. */
  url: z.string(),
  /** The same file as an attachment. */
  download_url: z.string(),
  /** When the token in both URLs stops working. */
  expires_at: z.string(),
});

export const RECORDING_PATHS = {
  showRecordingFile: 'cti/consultations/show-recording-file',
  showOneTouchRecordingFile: 'cti/consultations/show-one-touch-recording-file',
  /** GET with `token` (and `download=1` for an attachment). */
  stream: 'cti/consultations/recording-stream',
} as const;

export const recordingResponseSchema = z.object({ data: recordingFileSchema.extend({ unique_id: z.string() }) });
export const oneTouchRecordingsResponseSchema = z.object({ data: z.array(recordingFileSchema) });

export type RecordingRequest = z.input<typeof recordingRequestSchema>;
export type RecordingFile = z.infer<typeof recordingFileSchema>;
