import { existsSync, mkdtempSync, readdirSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildProductionWeb, isDevelopmentBuild } from '../../tests/e2e/support/production-build';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));

function newestMtime(path: string): number {
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of readdirSync(path)) newest = Math.max(newest, newestMtime(join(path, entry)));
  return newest;
}

/**
 * The built web app to serve: `dist/` when it is newer than every source file and a production build
 * (a development build, e.g. from a test run before the fix in production-build.ts, is slower), otherwise a fresh
 * `vite build` into a private temp directory (so a bench run never rewrites the `dist/` that other
 * people's browser tests are serving). BENCH_WEB_DIST names a build to use as it is.
 */
export async function webAppForBench(log: (line: string) => void): Promise<{ dir: string; built: boolean; temp: string | null }> {
  const given = process.env.BENCH_WEB_DIST;
  if (given) {
    if (!existsSync(join(given, 'index.html'))) throw new Error(`BENCH_WEB_DIST=${given} has no index.html`);
    log(`web app: ${given} (BENCH_WEB_DIST)`);
    return { dir: given, built: false, temp: null };
  }
  const dist = join(ROOT, 'dist');
  const index = join(dist, 'index.html');
  const sources = ['src', 'index.html', 'vite.config.ts', 'package.json'].map((p) => join(ROOT, p)).filter(existsSync);
  const newestSource = Math.max(...sources.map(newestMtime));
  if (existsSync(index) && statSync(index).mtimeMs >= newestSource && !isDevelopmentBuild(dist)) {
    log('web app: dist/ is up to date');
    return { dir: dist, built: false, temp: null };
  }
  const outDir = mkdtempSync(join(tmpdir(), 'callcentre-bench-web-'));
  log(`web app: dist/ is missing, older than src/ or a development build; vite build into ${outDir}`);
  await buildProductionWeb({ root: ROOT, build: { outDir, emptyOutDir: true } });
  return { dir: outDir, built: true, temp: outDir };
}
