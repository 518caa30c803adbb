/**
 * A fresh database for one bench run: the product's own migrations and demo seed (prepareDatabase, as
 * `npm start` does), plus N bench agents in the Demo company with consecutive extensions, each with a
 * live login family and an access token minted exactly as sign-in mints it (same signer, same claims).
 * Rows go in directly, in batches, so 2,000 agents take seconds, not 2,000 argon2 verifications.
 *
 * The database is PGlite in a temp DATA_DIR, or, when BENCH_DATABASE_URL is set, a fresh PostgreSQL
 * database created next to it (dropped at cleanup). The harness closes it before the server opens it.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { loadConfig } from '../../server/src/config';
import { prepareDatabase } from '../../server/src/db/prepare';
import { companies, members, refreshTokens, users } from '../../server/src/db/schema';
import { createPasswordHasher } from '../../server/src/lib/passwords';
import { createAccessTokenSigner, newOpaqueToken, sha256Hex } from '../../server/src/lib/tokens';
import { createTempDatabase, type TempDatabase } from '../../tests/e2e/support/temp-database';

export interface BenchAgent {
  userId: number;
  username: string;
  extension: string;
  token: string;
}

export interface BenchMember {
  name: string;
  /** Digits only, as the app stores and dials them. */
  phoneNumber: string;
}

export interface BenchDatabase {
  /** Environment for the app server child (DATA_DIR or DATABASE_URL, JWT_SECRET, NODE_ENV=test). */
  env: Record<string, string>;
  agents: BenchAgent[];
  managerToken: string;
  companyId: number;
  /** Demo-company members with distinct phone numbers (01055560000…), for callers that differ. */
  members: BenchMember[];
  driver: 'pglite' | 'postgres';
  cleanup(): Promise<void>;
}

const DEMO_COMPANY = 'Demo Call Centre';
/** Minted tokens outlive the longest run; the server checks only signature, claims and expiry. */
const TOKEN_TTL_SECONDS = 4 * 3600;
const BATCH = 500;

export async function prepareBenchDatabase(options: { agents: number; firstExtension: number; members?: number }): Promise<BenchDatabase> {
  const dataDir = mkdtempSync(join(tmpdir(), 'callcentre-bench-'));
  let temp: TempDatabase | null = null;
  const cleanup = async () => {
    rmSync(dataDir, { recursive: true, force: true });
    await temp?.drop();
  };
  try {
    const baseUrl = process.env.BENCH_DATABASE_URL;
    if (baseUrl) temp = await createTempDatabase(baseUrl);
    const env: Record<string, string> = {
      NODE_ENV: 'test',
      DATA_DIR: dataDir,
      JWT_SECRET: randomBytes(32).toString('hex'),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      ...(temp ? { DATABASE_URL: temp.url } : {}),
    };
    const config = loadConfig(env);
    const hasher = createPasswordHasher(config.argon2);
    const { handle } = await prepareDatabase(config, hasher);
    try {
      const db = handle.db;
      const [company] = await db.select({ id: companies.id }).from(companies).where(eq(companies.name, DEMO_COMPANY)).limit(1);
      if (!company) throw new Error(`seed has no company "${DEMO_COMPANY}"`);
      const [manager] = await db.select({ id: users.id }).from(users).where(eq(users.username, 'manager')).limit(1);
      if (!manager) throw new Error('seed has no manager');

      // One real argon2 hash, shared: the bench never signs these agents in by password.
      const passwordHash = await hasher.hash(randomBytes(12).toString('hex'));
      const wanted = Array.from({ length: options.agents }, (_, i) => String(options.firstExtension + i));
      const inserted: { id: number; username: string; extension: string | null }[] = [];
      for (let i = 0; i < wanted.length; i += BATCH) {
        const rows = await db
          .insert(users)
          .values(
            wanted.slice(i, i + BATCH).map((extension) => ({
              companyId: company.id,
              role: 'agent' as const,
              name: `Bench Agent ${extension}`,
              username: `bench${extension}`,
              passwordHash,
              permissions: ['consultations', 'members'],
              extension,
            })),
          )
          .returning({ id: users.id, username: users.username, extension: users.extension });
        inserted.push(...rows);
      }

      const benchMembers: BenchMember[] = Array.from({ length: options.members ?? 0 }, (_, i) => ({
        name: `벤치회원 ${String(i).padStart(4, '0')}`,
        phoneNumber: `0105556${String(i).padStart(4, '0')}`,
      }));
      for (let i = 0; i < benchMembers.length; i += BATCH) {
        await db.insert(members).values(
          benchMembers.slice(i, i + BATCH).map((m) => ({ companyId: company.id, name: m.name, phoneNumber: m.phoneNumber, groups: [], levels: [], customFields: {} })),
        );
      }

      const signer = createAccessTokenSigner(config.jwtSecret, TOKEN_TTL_SECONDS);
      const holders = [{ id: manager.id, role: 'manager' as const }, ...inserted.map((row) => ({ id: row.id, role: 'agent' as const }))];
      const families = holders.map(() => randomUUID());
      const expiresAt = new Date(Date.now() + TOKEN_TTL_SECONDS * 1000);
      for (let i = 0; i < holders.length; i += BATCH) {
        await db.insert(refreshTokens).values(
          holders.slice(i, i + BATCH).map((holder, j) => ({
            familyId: families[i + j] as string,
            tokenHash: sha256Hex(newOpaqueToken()),
            userId: holder.id,
            loginType: 'password' as const,
            expiresAt,
          })),
        );
      }
      const tokens = await Promise.all(
        holders.map((holder, i) =>
          signer.sign({ userId: holder.id, role: holder.role, companyId: company.id, familyId: families[i] as string, loginType: 'password' }),
        ),
      );
      return {
        env,
        companyId: company.id,
        members: benchMembers,
        driver: handle.driver,
        managerToken: tokens[0] as string,
        agents: inserted.map((row, i) => ({ userId: row.id, username: row.username, extension: row.extension ?? '', token: tokens[i + 1] as string })),
        cleanup,
      };
    } finally {
      await handle.close();
    }
  } catch (error) {
    await cleanup();
    throw error;
  }
}
