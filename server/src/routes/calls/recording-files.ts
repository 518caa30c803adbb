import { eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { RECORDING_PATHS, type RecordingFile } from '../../../../src/api/contracts/call-recording.contract';
import { companies, type CallRow } from '../../db/schema';
import { HttpError } from '../../lib/errors';
import { normalisePhoneNumber } from '../../lib/phone';
import { chooseDriver } from '../../services/telephony/driver-choice';
import { issueRecordingToken } from '../../services/recordings/recording-tokens';
import { simulatedRecording, storedRecording, type RecordingBody } from '../../services/recordings/recording-source';

export const recordingNotFound = () => new HttpError(404, 'errors.recording_not_found');

/** The pop-up's `src` (inbound caller) and `dst` (outbound callee) must name this call's parties. */
export function matchesParties(call: CallRow, src?: string, dst?: string): boolean {
  const same = (stored: string, given: string) => stored === given.trim() || stored === normalisePhoneNumber(given);
  return (!src || same(call.callerNumber, src)) && (!dst || same(call.calleeNumber, dst));
}

/** The bytes of one of a call's files: generated for the simulator, read from RECORDINGS_DIR otherwise. */
export async function recordingBody(app: FastifyInstance, companyId: number, call: CallRow, file: string): Promise<RecordingBody | null> {
  const [company] = await app.db.select({ ctiServer: companies.ctiServer }).from(companies).where(eq(companies.id, companyId)).limit(1);
  if (!company) return null;
  if (chooseDriver(company.ctiServer, app.config).driver === 'simulator') {
    return simulatedRecording(call.talkSeconds ?? call.durationSeconds ?? 1);
  }
  return storedRecording(app.config.recordingsDir, companyId, file);
}

/** The URLs the player and the download button use, with a fresh recording token. */
export async function recordingLinks(request: FastifyRequest, call: CallRow, file: string): Promise<RecordingFile> {
  const { token, expiresAt } = await issueRecordingToken(request.server, request.auth);
  const query = new URLSearchParams({ unique_id: call.uniqueid, file, token });
  const url = `/api/v1/${RECORDING_PATHS.stream}?${query.toString()}`;
  return { file_name: file, url, download_url: `${url}&download=1`, expires_at: expiresAt.toISOString() };
}

/** RFC 6266: an ASCII fallback and the UTF-8 name. */
export function contentDisposition(kind: 'inline' | 'attachment', filename: string): string {
  const ascii = filename.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  return `${kind}; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(filename)}`;
}
