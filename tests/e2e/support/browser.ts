import { existsSync } from 'node:fs';
import { chromium, type Browser } from 'playwright-core';

/** Debian's Chromium (CONTRACT §2). Playwright cannot download browsers on these machines. */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export const hasBrowser = existsSync(CHROMIUM_PATH);

if (!hasBrowser) {
  const line = `Browser tests need Chromium at ${CHROMIUM_PATH}: apt-get update && apt-get install -y chromium`;
  // Under CI a missing browser fails the run; elsewhere the browser tests say so once and do not run.
  if (process.env.CI === 'true') throw new Error(line);
  console.warn(line);
}

export function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM_PATH,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
    ],
  });
}
