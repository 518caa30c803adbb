import { randomBytes } from 'node:crypto';
import { chmod, mkdir, readFile, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { AppConfig } from './config';

/** The file under DATA_DIR that keeps the generated secret, readable only by its owner. */
export const JWT_SECRET_FILE = 'jwt-secret';
const OWNER_ONLY = 0o600;

/**
 * A start without JWT_SECRET (outside production, which refuses it) signs with a random secret generated
 * once and kept in `${DATA_DIR}/jwt-secret` (mode 0600), so sessions survive a restart and no secret that
 * ships in the source code can sign a token. Processes sharing a DATA_DIR share the file; processes on
 * other machines need JWT_SECRET.
 */
export async function resolveJwtSecret(config: AppConfig): Promise<{ config: AppConfig; created: boolean }> {
  if (!config.jwtSecretIsDefault) return { config, created: false };
  const file = path.join(config.dataDir, JWT_SECRET_FILE);
  await mkdir(config.dataDir, { recursive: true });
  let created = false;
  try {
    // `wx`: of two processes starting at once, one creates the file and the other reads it.
    await writeFile(file, randomBytes(48).toString('base64url'), { flag: 'wx', mode: OWNER_ONLY });
    created = true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  }
  // A copied or restored file may have lost its mode: make it owner-only again before trusting it.
  if (((await stat(file)).mode & 0o077) !== 0) await chmod(file, OWNER_ONLY);
  const secret = (await readFile(file, 'utf8')).trim();
  if (secret.length < 32) throw new Error(`${file} holds no usable secret: delete it to generate a new one, or set JWT_SECRET`);
  return { config: { ...config, jwtSecret: secret }, created };
}
