import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { build, type InlineConfig } from 'vite';

/**
 * `vite build` exactly as `npm start` runs it. Vite builds for development when NODE_ENV says so, and
 * vitest sets NODE_ENV=test: a build from inside a test run would ship React's development runtime and
 * `import.meta.env.DEV` (the statechart inspection of every agent's phone), several times slower at a
 * screen pop. NODE_ENV is production for the build and restored afterwards.
 */
export async function buildProductionWeb(options: InlineConfig = {}): Promise<void> {
  const previous = process.env.NODE_ENV;
  process.env.NODE_ENV = 'production';
  try {
    await build({ logLevel: 'warn', mode: 'production', ...options });
  } finally {
    if (previous === undefined) delete process.env.NODE_ENV;
    else process.env.NODE_ENV = previous;
  }
}

/** Whether a built app carries React's development JSX runtime (built with NODE_ENV other than production). */
export function isDevelopmentBuild(dist: string): boolean {
  const assets = join(dist, 'assets');
  return existsSync(assets) && readdirSync(assets).some((name) => name.startsWith('jsx-dev-runtime'));
}
