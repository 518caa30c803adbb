import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { buildApp } from '../../src/app';
import { companies } from '../../src/db/schema';
import { API_POLICY, DOCS_POLICY, appPolicy, policyKind } from '../../src/plugins/content-security-policy';
import { buildTestApp, post, type TestApp } from '../helpers/build-test-app';

/** Issue 15 item 5: the Content-Security-Policy of the app, its client routes, Swagger UI and the API. */

let t: TestApp;
let distDir: string;

beforeAll(async () => {
  distDir = await mkdtemp(path.join(os.tmpdir(), 'callcentre-dist-'));
  await mkdir(path.join(distDir, 'assets'));
  await writeFile(path.join(distDir, 'index.html'), '<!doctype html><title>app shell</title>');
  await writeFile(path.join(distDir, 'assets', 'app.js'), 'console.log(1)');
  t = await buildTestApp({ webDistDir: distDir });
});
afterAll(async () => {
  await t?.close();
  await rm(distDir, { recursive: true, force: true });
});

const html = { accept: 'text/html,application/xhtml+xml' };

async function cspOf(url: string, headers: Record<string, string> = html): Promise<{ status: number; csp: string }> {
  const response = await t.app.inject({ method: 'GET', url, headers });
  return { status: response.statusCode, csp: String(response.headers['content-security-policy'] ?? '') };
}

function directives(policy: string): Map<string, string[]> {
  return new Map(
    policy
      .split(';')
      .map((part) => part.trim().split(/\s+/))
      .filter((words) => words[0])
      .map(([name = '', ...sources]) => [name, sources]),
  );
}

describe('the web app', () => {
  it('answers / and a client route of the history fallback with the strict policy', async () => {
    for (const url of ['/', '/consultations', '/window/user/add']) {
      const { status, csp } = await cspOf(url);
      expect(status).toBe(200);
      expect(csp).toBe(appPolicy());
    }
  });

  it('says no inline script, no eval, no plugins, no foreign framing', () => {
    const policy = directives(appPolicy());
    expect(policy.get('script-src')).toEqual(["'self'"]);
    expect(policy.get('style-src')).toEqual(["'self'"]);
    expect(policy.get('object-src')).toEqual(["'none'"]);
    expect(policy.get('base-uri')).toEqual(["'self'"]);
    expect(policy.get('form-action')).toEqual(["'self'"]);
    expect(policy.get('frame-ancestors')).toEqual(["'self'"]);
    expect(policy.get('connect-src')).toEqual(["'self'"]);
    expect(appPolicy()).not.toMatch(/unsafe-(inline|eval)|\*|https?:(?!\/\/)/);
  });

  it('puts it on the assets too, and on a 304 (which carries no content type)', async () => {
    const asset = await t.app.inject({ method: 'GET', url: '/assets/app.js', headers: { accept: '*/*' } });
    expect(asset.headers['content-security-policy']).toBe(appPolicy());
    const page = await t.app.inject({ method: 'GET', url: '/', headers: html });
    const again = await t.app.inject({ method: 'GET', url: '/', headers: { ...html, 'if-none-match': String(page.headers.etag) } });
    expect(again.statusCode).toBe(304);
    expect(again.headers['content-security-policy']).toBe(appPolicy());
  });

  it("allows the live companies' external CTI servers in connect-src, and only those", async () => {
    const [demo, acme] = await t.db.select({ id: companies.id }).from(companies).orderBy(companies.id).limit(2);
    await t.db.update(companies).set({ ctiServer: 'https://pbx.example.com:8443/cti/' }).where(eq(companies.id, demo!.id));
    await t.db.update(companies).set({ ctiServer: 'http://10.1.2.3/legacy', deletedAt: new Date() }).where(eq(companies.id, acme!.id));
    try {
      // The list is read at most every five seconds; a fresh app reads it now.
      const fresh = await buildApp({ config: t.config, database: t.database, webDistDir: distDir });
      try {
        const response = await fresh.inject({ method: 'GET', url: '/consultations', headers: html });
        const csp = String(response.headers['content-security-policy']);
        expect(directives(csp).get('connect-src')).toEqual(["'self'", 'https://pbx.example.com:8443']);
        expect(csp).toBe(appPolicy(['https://pbx.example.com:8443']));
      } finally {
        await fresh.close();
      }
    } finally {
      await t.db.update(companies).set({ ctiServer: '/cti' }).where(eq(companies.id, demo!.id));
      await t.db.update(companies).set({ ctiServer: '/cti', deletedAt: null }).where(eq(companies.id, acme!.id));
    }
  });
});

describe('Swagger UI', () => {
  it('answers /api/docs and its assets with the docs policy', async () => {
    const page = await cspOf('/api/docs');
    expect(page.status).toBe(200);
    expect(page.csp).toBe(DOCS_POLICY);
    expect((await cspOf('/api/docs/static/swagger-ui-bundle.js', { accept: '*/*' })).csp).toBe(DOCS_POLICY);
    const policy = directives(DOCS_POLICY);
    expect(policy.get('script-src')).toEqual(["'self'"]);
    // One inline style allowed by its hash (Swagger's SVG logo), none by 'unsafe-inline'.
    expect(policy.get('style-src')).toEqual(["'self'", "'sha256-RL3ie0nH+Lzz2YNqQN83mnU0J1ot4QL7b99vMdIX99w='"]);
    expect(policy.get('object-src')).toEqual(["'none'"]);
    expect(DOCS_POLICY).not.toMatch(/unsafe-(inline|eval)|https?:/);
  });
});

describe('API answers', () => {
  it('carry default-src none and frame-ancestors none', async () => {
    expect(await cspOf('/api/v1/health', { accept: 'application/json' })).toEqual({ status: 200, csp: API_POLICY });
    expect((await post(t.app, '/users/check-user')).headers['content-security-policy']).toBe(API_POLICY);
    expect((await cspOf('/api/v1/no-such-route')).csp).toBe(API_POLICY);
    expect((await cspOf('/cti/cti_api/index.php/load', { accept: 'application/json' })).csp).toBe(API_POLICY);
    expect(API_POLICY).toBe("default-src 'none'; frame-ancestors 'none'");
  });

  it('chooses the policy by path', () => {
    expect(policyKind('/')).toBe('app');
    expect(policyKind('/apiary')).toBe('app');
    expect(policyKind('/api')).toBe('api');
    expect(policyKind('/api/docs?x=1')).toBe('docs');
    expect(policyKind('/api/docsy')).toBe('api');
    expect(policyKind('/socket.io/?EIO=4')).toBe('api');
    expect(policyKind('/cti/simulator/state')).toBe('api');
  });
});
