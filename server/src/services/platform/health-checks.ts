import net from 'node:net';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import type { HealthResult } from '../../../../src/api/contracts/admin-server.contract';

/** How long a probe may take before the server counts as down. */
export const HEALTH_TIMEOUT_MS = 2_000;

export interface CtiServerRow {
  kind: string;
  scheme: string;
  host: string;
  port: number;
  base_path: string;
}
export interface DatabaseServerRow {
  kind: string;
  host: string;
  port: number;
  database: string;
  username: string;
}
export interface NodeRow {
  kind: string;
  domain: string;
  host: string;
  port: number;
  namespace: string;
}

const messageOf = (error: unknown) => (error instanceof Error ? error.message || error.name : String(error)).slice(0, 300);

/** Runs `probe` with the timeout and answers up with its latency, or down with why. */
export async function timed(probe: (signal: AbortSignal) => Promise<void>, timeoutMs = HEALTH_TIMEOUT_MS): Promise<HealthResult> {
  const started = performance.now();
  const controller = new AbortController();
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      controller.abort();
      reject(new Error(`no answer within ${timeoutMs} ms`));
    }, timeoutMs);
  });
  try {
    await Promise.race([probe(controller.signal), timeout]);
    return { status: 'up', latency_ms: Math.round(performance.now() - started), checked_at: new Date().toISOString() };
  } catch (error) {
    return { status: 'down', latency_ms: Math.round(performance.now() - started), checked_at: new Date().toISOString(), error: messageOf(error) };
  } finally {
    clearTimeout(timer);
  }
}

/** A TCP connection to host:port that is accepted (then closed at once). */
export function tcpConnect(host: string, port: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (!host || !port) return reject(new Error('no host or port'));
    const socket = net.connect({ host, port });
    const done = (error?: Error) => {
      socket.destroy();
      signal.removeEventListener('abort', aborted);
      if (error) reject(error);
      else resolve();
    };
    const aborted = () => done(new Error('aborted'));
    signal.addEventListener('abort', aborted);
    socket.once('connect', () => done());
    socket.once('error', (error) => done(error));
  });
}

/** `http://host:port` + path; the path keeps its leading slash. */
function urlOf(scheme: string, host: string, port: number, path: string): string {
  const base = path.replace(/\/+$/, '');
  return `${scheme}://${host.includes(':') ? `[${host}]` : host}${port ? `:${port}` : ''}${base.startsWith('/') || base === '' ? base : `/${base}`}`;
}

/** The address a company is given for a CTI server: `/cti` for the built-in one, else its URL. */
export function ctiServerUrl(row: CtiServerRow): string {
  if (row.kind === 'builtin') return row.base_path || '/cti';
  return urlOf(row.scheme, row.host, row.port, row.base_path);
}

/**
 * A CTI server answers its database check (`dbCon`, specification §7) over HTTP: any answer below 500
 * is up (a legacy box may want a login first). The built-in one is this app: its /health, in-process.
 */
export function checkCtiServer(app: FastifyInstance, row: CtiServerRow): Promise<HealthResult> {
  return timed(async (signal) => {
    if (row.kind === 'builtin') {
      const answer = await app.inject({ method: 'GET', url: '/api/v1/health' });
      if (answer.statusCode !== 200) throw new Error(`HTTP ${answer.statusCode}`);
      return;
    }
    const response = await fetch(`${ctiServerUrl(row)}/cti_api/index.php/dbCon`, { signal, redirect: 'manual' });
    await response.body?.cancel();
    if (response.status >= 500) throw new Error(`HTTP ${response.status}`);
  });
}

/** The credentials of DATABASE_URL when the row names that same server and database. */
function configuredCredentials(databaseUrl: string | null, row: DatabaseServerRow): { user: string; password: string } | null {
  if (!databaseUrl) return null;
  try {
    const url = new URL(databaseUrl);
    const sameServer = url.hostname === row.host && Number(url.port || 5432) === row.port && decodeURIComponent(url.pathname.slice(1)) === row.database;
    return sameServer ? { user: decodeURIComponent(url.username), password: decodeURIComponent(url.password) } : null;
  } catch {
    return null;
  }
}

/**
 * A database server: the built-in one (the app's own database) answers `select 1` in-process; a
 * PostgreSQL server with a user name answers a real `select 1` over a new connection (the password is
 * DATABASE_URL's when it is the app's database), else accepts a TCP connection.
 */
export function checkDatabaseServer(app: FastifyInstance, databaseUrl: string | null, row: DatabaseServerRow): Promise<HealthResult> {
  return timed(async (signal) => {
    if (row.kind === 'builtin') {
      await app.db.execute(sql`select 1`);
      return;
    }
    if (!row.username) return tcpConnect(row.host, row.port, signal);
    const credentials = configuredCredentials(databaseUrl, row);
    const client = new pg.Client({
      host: row.host,
      port: row.port,
      database: row.database || undefined,
      user: credentials?.user ?? row.username,
      password: credentials?.password,
      connectionTimeoutMillis: HEALTH_TIMEOUT_MS,
      query_timeout: HEALTH_TIMEOUT_MS,
    });
    client.on('error', () => undefined);
    try {
      await client.connect();
      await client.query('select 1');
    } finally {
      void client.end().catch(() => undefined);
    }
  });
}

/**
 * An announcement node: the built-in one is this app's socket.io (in-process); another accepts a TCP
 * connection at its host (else its domain) and port.
 */
export function checkNode(app: FastifyInstance, row: NodeRow): Promise<HealthResult> {
  return timed(async (signal) => {
    if (row.kind === 'builtin') {
      if (!app.io) throw new Error('socket.io is not running');
      return;
    }
    await tcpConnect(row.host || row.domain, row.port, signal);
  });
}
