import path from 'node:path';

/**
 * Everything the server reads from the environment, parsed once at start. Nothing else in server/
 * reads process.env, so tests can build an app from a plain object.
 */
export interface AppConfig {
  nodeEnv: 'development' | 'production' | 'test';
  port: number;
  host: string;
  /** Trust X-Forwarded-* from a reverse proxy (client IPs for throttling logs, origin). */
  trustProxy: boolean;
  logLevel: string;
  /** Where the embedded PGlite database lives (`${dataDir}/pglite`). */
  dataDir: string;
  /** Recordings of PBXs other than the simulator (RECORDINGS_DIR; docs/calls.md). Null: none are served. */
  recordingsDir: string | null;
  /** When set, PostgreSQL is used instead of PGlite. */
  databaseUrl: string | null;
  /** When set, socket.io uses the Redis adapter and one process owns the PBX (docs/cti-api.md). */
  redisUrl: string | null;
  // --- Telephony and realtime (CTI/realtime module, docs/cti-api.md) ---
  /** Prefix of every Redis key and channel, so two deployments (or test runs) can share one Redis. */
  redisPrefix: string;
  /** Browser origins allowed to open the socket besides the app's own (ALLOWED_ORIGINS, comma separated). */
  allowedOrigins: string[];
  /** An extension without a socket `register` for this long is logged out (REGISTRATION_TTL, default 35s). */
  registrationTtlMs: number;
  /** `auto`: the built-in `/cti` runs the simulator, other cti_server values legacy-http; `simulator`: always. */
  telephonyDriver: 'auto' | 'simulator';
  /** Seed of the built-in PBX's simulated callees for auto-call runs (AUTO_CALL_SEED, default 1; docs/auto-call.md). */
  autoCallSeed: number;
  /**
   * How the simulated callees behave (AUTO_CALL_CALLEES): `realistic` (default: seconds of ringing, a minute
   * of talk) or `quick` (they decide within a second and talk for two), for demos and browser tests.
   */
  autoCallCallees: 'realistic' | 'quick';
  /** Signs access, download and recording tokens. Empty until main.ts resolves it when JWT_SECRET is unset. */
  jwtSecret: string;
  /**
   * True when JWT_SECRET is unset: production refuses to start; elsewhere main.ts generates a random
   * secret once and keeps it under DATA_DIR (jwt-secret.ts). No secret in the source code signs a token.
   */
  jwtSecretIsDefault: boolean;
  /**
   * SECRETS_KEY: encrypts secrets kept for machines (a company's recording password; lib/secret-box.ts).
   * Empty: derived from the JWT secret (set it on its own so JWT_SECRET can rotate without losing them).
   */
  secretsKey: string;
  accessTokenTtlSeconds: number;
  refreshTokenTtlSeconds: number;
  /**
   * Origin used to resolve relative CTI server addresses (the built-in `/cti`). When null the origin
   * of the request is used, which is right unless a proxy rewrites the Host header.
   */
  publicOrigin: string | null;
  argon2: { memoryCost: number; timeCost: number };
  loginThrottle: LoginThrottleConfig;
  /** The SMTP server the daily report is sent through (SMTP_URL, `smtp://user:pass@host:port`); null: not sent. */
  smtpUrl: string | null;
  /** The daily report's sender (MAIL_FROM). */
  mailFrom: string;
}

export interface LoginThrottleConfig {
  /** Failures within the last hour after which each attempt is delayed. */
  delayAfterFailures: number;
  /** Delay per failure beyond `delayAfterFailures`, in ms. */
  delayStepMs: number;
  /** Upper bound of the delay, in ms. */
  maxDelayMs: number;
  /** Failures within `lockWindowMinutes` after which attempts are refused with 429. */
  lockAfterFailures: number;
  lockWindowMinutes: number;
  /** Hard ceiling per account and hour (OWASP ASVS: no more than 100 failed attempts per hour). */
  maxFailuresPerHour: number;
}

export class ConfigError extends Error {
  override name = 'ConfigError';
}

type Env = Record<string, string | undefined>;

/** Parses `15m`, `14d`, `3600s`, `2h` or a bare number of seconds. */
export function parseDuration(value: string, name: string): number {
  const match = /^(\d+)\s*([smhd]?)$/.exec(value.trim());
  if (!match) throw new ConfigError(`${name} must look like 15m, 2h, 14d or a number of seconds (got "${value}")`);
  const amount = Number(match[1]);
  const unit = match[2] || 's';
  const factor = { s: 1, m: 60, h: 3600, d: 86_400 }[unit as 's' | 'm' | 'h' | 'd'];
  return amount * factor;
}

function integer(env: Env, name: string, fallback: number, min = 0): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < min) throw new ConfigError(`${name} must be an integer ≥ ${min} (got "${raw}")`);
  return value;
}

function nodeEnvOf(raw: string | undefined): AppConfig['nodeEnv'] {
  if (raw === 'production' || raw === 'test') return raw;
  return 'development';
}

function telephonyDriverOf(raw: string | undefined): AppConfig['telephonyDriver'] {
  if (!raw || raw === 'auto') return 'auto';
  if (raw === 'simulator') return raw;
  throw new ConfigError(`TELEPHONY_DRIVER must be auto or simulator (got "${raw}")`);
}

function secretsKeyOf(raw: string | undefined): string {
  const key = raw?.trim() || '';
  if (key && key.length < 32) throw new ConfigError('SECRETS_KEY must be at least 32 characters (e.g. openssl rand -hex 32)');
  return key;
}

export function loadConfig(env: Env = process.env): AppConfig {
  const nodeEnv = nodeEnvOf(env.NODE_ENV);
  const jwtSecret = env.JWT_SECRET?.trim() || '';
  return {
    nodeEnv,
    port: integer(env, 'PORT', 8080, 0),
    host: env.HOST || '0.0.0.0',
    trustProxy: env.TRUST_PROXY === 'true' || env.TRUST_PROXY === '1',
    logLevel: env.LOG_LEVEL || (nodeEnv === 'test' ? 'silent' : 'info'),
    dataDir: path.resolve(env.DATA_DIR || './data'),
    recordingsDir: env.RECORDINGS_DIR ? path.resolve(env.RECORDINGS_DIR) : null,
    databaseUrl: env.DATABASE_URL || null,
    redisUrl: env.REDIS_URL || null,
    redisPrefix: env.REDIS_PREFIX || 'callcentre',
    allowedOrigins: (env.ALLOWED_ORIGINS ?? '')
      .split(',')
      .map((origin) => origin.trim().replace(/\/+$/, ''))
      .filter(Boolean),
    registrationTtlMs: parseDuration(env.REGISTRATION_TTL || '35s', 'REGISTRATION_TTL') * 1000,
    telephonyDriver: telephonyDriverOf(env.TELEPHONY_DRIVER),
    autoCallSeed: integer(env, 'AUTO_CALL_SEED', 1),
    autoCallCallees: env.AUTO_CALL_CALLEES === 'quick' ? 'quick' : 'realistic',
    jwtSecret,
    jwtSecretIsDefault: !jwtSecret,
    secretsKey: secretsKeyOf(env.SECRETS_KEY),
    accessTokenTtlSeconds: parseDuration(env.ACCESS_TOKEN_TTL || '15m', 'ACCESS_TOKEN_TTL'),
    refreshTokenTtlSeconds: parseDuration(env.REFRESH_TOKEN_TTL || '14d', 'REFRESH_TOKEN_TTL'),
    publicOrigin: env.PUBLIC_ORIGIN?.replace(/\/+$/, '') || null,
    smtpUrl: env.SMTP_URL?.trim() || null,
    mailFrom: env.MAIL_FROM?.trim() || 'callcentre@localhost',
    // OWASP's argon2id minimum (19 MiB, 2 passes); tests lower it to stay fast.
    argon2: {
      memoryCost: integer(env, 'ARGON2_MEMORY_COST', 19_456, 8),
      timeCost: integer(env, 'ARGON2_TIME_COST', 2, 1),
    },
    loginThrottle: {
      delayAfterFailures: 5,
      delayStepMs: integer(env, 'LOGIN_DELAY_STEP_MS', 250),
      maxDelayMs: integer(env, 'LOGIN_MAX_DELAY_MS', 2000),
      lockAfterFailures: 10,
      lockWindowMinutes: 15,
      maxFailuresPerHour: 100,
    },
  };
}
