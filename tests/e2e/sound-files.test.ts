import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { generatedWav } from '../../server/src/services/recordings/wav';
import { startApp, type RunningApp } from './support/app-server';
import { hasBrowser, launchBrowser } from './support/browser';
import { signIn } from './support/pages';

/**
 * Sound files in Chromium (issue 16, docs/resources.md "File fields"): a manager uploads on
 * /upload-sound-file. A WAV renamed .mp3 is refused with the specification §5 message under the file; a
 * real MP3 (lame's, 2.000 s) is listed with its length, and plays in the row's inline player: the stream
 * is fetched with a play token in its URL, within the app's CSP (media-src 'self'), and seeks with ranges.
 */
const MP3 = readFileSync(new URL('../../server/test/files/fixtures/tone-vbr-id3.mp3', import.meta.url));

describe.skipIf(!hasBrowser)('sound files in Chromium', () => {
  let app: RunningApp;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  const violations: string[] = [];
  const errors: string[] = [];

  beforeAll(async () => {
    app = await startApp();
    browser = await launchBrowser();
    context = await browser.newContext({ locale: 'en-US', viewport: { width: 1440, height: 900 } });
    page = await context.newPage();
    page.on('console', (message) => {
      if (/Content Security Policy|Refused to/i.test(message.text())) violations.push(message.text());
    });
    page.on('pageerror', (error) => errors.push(error.message));
    await signIn(page, app.url, 'manager');
  });
  afterAll(async () => {
    await context?.close();
    await browser?.close();
    await app?.stop();
  });

  /** The page holding the upload form: the add-sound-file window, or this page's dialog. */
  async function openUploadForm(): Promise<Page> {
    const opened = context.waitForEvent('page', { timeout: 15_000 }).catch(() => null);
    await page.getByTestId('resource-add').click();
    const inPage = page.getByTestId('resource-form').waitFor({ timeout: 15_000 }).then(() => page).catch(() => null);
    const form = (await Promise.race([opened.then((p) => p && p.waitForLoadState().then(() => p)), inPage])) ?? (await inPage) ?? (await opened);
    if (!form) throw new Error('no upload form opened');
    form.on('console', (message) => {
      if (/Content Security Policy|Refused to/i.test(message.text())) violations.push(message.text());
    });
    await form.getByTestId('resource-form').waitFor({ timeout: 15_000 });
    return form;
  }

  it('refuses a WAV renamed .mp3 with the §5 message, lists a real MP3 with its length, and plays it in the row', async () => {
    await page.goto(`${app.url}/upload-sound-file`);
    await page.getByTestId('resource-list-sound-file').waitFor({ timeout: 15_000 });

    const form = await openUploadForm();
    await form.getByTestId('name').fill('Opening hours');
    await form.locator('input[type="file"][name="file"]').setInputFiles({ name: 'opening-hours.mp3', mimeType: 'audio/mpeg', buffer: generatedWav(2) });
    await form.getByTestId('resource-form-save').click();
    await expect
      .poll(() => form.getByTestId('file-errors').innerText().catch(() => ''), { timeout: 15_000 })
      .toBe("Sound files must be MP3: this file's content is not MP3, whatever its name says.");

    await form.locator('input[type="file"][name="file"]').setInputFiles({ name: 'opening-hours.mp3', mimeType: 'audio/mpeg', buffer: MP3 });
    await form.getByTestId('resource-form-save').click();
    if (form !== page) await form.waitForEvent('close', { timeout: 15_000 });

    const row = page.locator('[data-testid^="row-"]', { hasText: 'opening-hours.mp3' });
    await row.waitFor({ timeout: 15_000 });
    expect(await row.innerText()).toContain('Opening hours');
    expect(await row.innerText()).toContain('0:02');

    const play = row.locator('[data-testid$="-play"]');
    const [stream] = await Promise.all([
      page.waitForResponse((response) => /\/api\/v1\/sound-file\/\d+\/play\?/.test(response.url()), { timeout: 15_000 }),
      play.click(),
    ]);
    expect([200, 206]).toContain(stream.status());
    expect(stream.headers()['content-type']).toBe('audio/mpeg');
    const audio = row.locator('audio');
    await audio.waitFor({ timeout: 15_000 });
    // Ready to play, with the file's length; then it plays (the click was the user's gesture).
    await expect.poll(() => audio.evaluate((element: HTMLAudioElement) => element.readyState), { timeout: 15_000 }).toBeGreaterThanOrEqual(3);
    expect(await audio.evaluate((element: HTMLAudioElement) => element.duration)).toBeCloseTo(2, 1);
    await audio.evaluate((element: HTMLAudioElement) => element.play().catch(() => undefined));
    await expect.poll(() => audio.evaluate((element: HTMLAudioElement) => element.currentTime), { timeout: 15_000 }).toBeGreaterThan(0);
    expect(violations).toEqual([]);
    expect(errors).toEqual([]);
  }, 90_000);
});
