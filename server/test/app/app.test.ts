import { mkdtemp, mkdir, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../src/app';
import { buildTestApp, type TestApp } from '../helpers/build-test-app';

let t: TestApp;
let distDir: string;

beforeAll(async () => {
  distDir = await mkdtemp(path.join(os.tmpdir(), 'callcentre-dist-'));
  await mkdir(path.join(distDir, 'assets'));
  await writeFile(path.join(distDir, 'index.html'), '<!doctype html><title>app shell</title>');
  await writeFile(path.join(distDir, 'assets', 'app.js'), 'console.log(1)');
  t = await buildTestApp({
    webDistDir: distDir,
    registerExtraRoutes: async (app: FastifyInstance) => {
      app.get('/api/v1/test/boom', async () => {
        throw new Error('kaboom: secret internals');
      });
    },
  });
});
afterAll(async () => {
  await t?.close();
  await rm(distDir, { recursive: true, force: true });
});

describe('system routes', () => {
  it('GET /api/v1/health answers status, database driver and version', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/v1/health' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      status: 'ok',
      database: process.env.DATABASE_URL ? 'postgres' : 'pglite',
      version: expect.stringMatching(/^\d+\.\d+\.\d+/),
    });
  });

  it('GET /api/docs/json lists every session path', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(response.statusCode).toBe(200);
    const paths = Object.keys(response.json().paths);
    for (const p of [
      '/api/v1/login',
      '/api/v1/refresh-token',
      '/api/v1/company/login',
      '/api/v1/user/login',
      '/api/v1/users/check-user',
      '/api/v1/logout',
      '/api/v1/my-account/view',
      '/api/v1/my-account/update',
      '/api/v1/my-account/change-password',
      '/api/v1/health',
    ]) {
      expect(paths).toContain(p);
    }
    const login = response.json().paths['/api/v1/login'].post;
    expect(Object.keys(login.requestBody.content['application/json'].schema.properties)).toEqual(['username', 'password']);
  });

  it('serves the swagger UI at /api/docs', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/docs/' });
    expect(response.statusCode).toBe(200);
  });
});

describe('error envelope', () => {
  it('answers unknown /api routes with a JSON 404, translated', async () => {
    const get = await t.app.inject({ method: 'GET', url: '/api/v1/nothing-here', headers: { accept: 'text/html' } });
    expect(get.statusCode).toBe(404);
    expect(get.json()).toEqual({ error: true, message: 'No record found.' });
    const postKo = await t.app.inject({ method: 'POST', url: '/api/v1/nothing', headers: { 'accept-language': 'ko' } });
    expect(postKo.json()).toEqual({ error: true, message: '데이터가 없습니다.' });
  });

  it('never sends a stack trace with a 500', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/v1/test/boom' });
    expect(response.statusCode).toBe(500);
    expect(response.json()).toEqual({ error: true, message: 'Something went wrong on the server. Please try again.' });
    expect(response.body).not.toMatch(/kaboom|at .*\.ts|stack/i);
  });

  it('answers malformed JSON with a 400 envelope and accepts an empty JSON body', async () => {
    const bad = await t.app.inject({
      method: 'POST',
      url: '/api/v1/login',
      headers: { 'content-type': 'application/json' },
      payload: '{"username":',
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({ error: true, message: 'The request could not be understood.' });
    const empty = await t.app.inject({
      method: 'POST',
      url: '/api/v1/login',
      headers: { 'content-type': 'application/json' },
      payload: '',
    });
    expect(empty.statusCode).toBe(422);
  });

  it('marks API answers no-store and sets hardening headers', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/v1/health' });
    expect(response.headers['cache-control']).toBe('no-store');
    expect(response.headers['x-content-type-options']).toBe('nosniff');
  });
});

describe('web app', () => {
  const page = (url: string) => t.app.inject({ method: 'GET', url, headers: { accept: 'text/html,application/xhtml+xml' } });

  it('serves files from dist and falls back to index.html for history-mode routes', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/assets/app.js' })).body).toBe('console.log(1)');
    for (const url of ['/', '/login', '/consultations/consultations', '/window/inbound?x=1']) {
      const response = await page(url);
      expect(response.statusCode, url).toBe(200);
      expect(response.body).toContain('app shell');
    }
  });

  it('does not answer index.html for server paths or non-HTML requests', async () => {
    for (const url of ['/api/v1/unknown', '/cti/cti_api/index.php/unknown-action', '/cti/no/such/path', '/socket.io/']) {
      expect((await page(url)).statusCode, url).toBe(404);
    }
    const script = await t.app.inject({ method: 'GET', url: '/assets/missing.js', headers: { accept: '*/*' } });
    expect(script.statusCode).toBe(404);
  });

  it('says to run npm run build when dist is missing', async () => {
    const bare = await buildApp({ config: t.config, database: t.database, webDistDir: path.join(distDir, 'nope') });
    try {
      const response = await bare.inject({ method: 'GET', url: '/dashboard', headers: { accept: 'text/html' } });
      expect(response.statusCode).toBe(503);
      expect(response.headers['content-type']).toContain('text/plain');
      expect(response.body).toContain('npm run build');
    } finally {
      await bare.close();
    }
  });
});
