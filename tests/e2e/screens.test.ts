import type { Browser, Page, Request } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Language } from '../../src/api/contracts/session.contract';
import { POPUPS } from '../../src/app/popups/registry';
import { POPUP_BASE } from '../../src/shell/popups/popup-table';
import { ADMIN_ROUTES, APP_ROUTES, joinPath, type RouteDef } from '../../src/app/routes';
import { CATALOGUES } from '../../src/i18n/catalogues';
import type { AnyEntity } from '../../src/api/entities/define-entity';
import { ENTITIES } from '../../src/api/entities/entity-catalogue';
import { resourcePaths } from '../../src/api/resources/resource-contract';
import { entitySample } from '../../server/test/resources/entity-samples';
import { startApp, type RunningApp } from './support/app-server';
import { hasBrowser, launchBrowser } from './support/browser';
import { signIn } from './support/pages';

/**
 * Every screen of the route table, opened in Chromium against the real server and its demo data, as the
 * user it is for: it renders under its own title, the browser reports no error (an uncaught exception,
 * a console error, an API answer of 400 or more), no message id shows untranslated, and "no permission"
 * appears exactly where the company or the user lacks the permission. The jsdom router test proves
 * each path mounts its screen; this one proves each screen works with the real API.
 *
 * Screens are opened the way the menu opens them (a client-side navigation), not by reloading the app
 * for each: the same checks, at a fraction of the time.
 */
interface Leaf {
  path: string;
  titleId: string;
  /** The company permission of the route or of its section. */
  companyPermission?: string;
}

function leaves(defs: readonly RouteDef[], parent?: { path: string; companyPermission?: string }): Leaf[] {
  return defs.flatMap((def) => {
    const path = parent ? joinPath(parent.path, def.path) : def.path;
    const companyPermission = def.companyPermission ?? parent?.companyPermission;
    return def.children ? leaves(def.children, { path, companyPermission }) : [{ path, titleId: def.titleId, companyPermission }];
  });
}

const MESSAGE_IDS = new Set(Object.keys(CATALOGUES.en));
/** Words shaped like message ids (`route.members`, `validation.required`) that are message ids. */
const untranslated = (text: string) => (text.match(/\b[a-z][a-z0-9_]*(?:\.[a-z0-9_]+)+\b/g) ?? []).filter((word) => MESSAGE_IDS.has(word));

interface Watch {
  errors: string[];
  /** API requests sent and not answered yet (the realtime socket's polls are not API requests). */
  pending: number;
}

const isApi = (url: string) => url.includes('/api/');

async function signedInPage(browser: Browser, url: string, username: string, language: Language): Promise<{ page: Page; watch: Watch }> {
  const page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
  const watch: Watch = { errors: [], pending: 0 };
  page.on('pageerror', (error) => watch.errors.push(`exception: ${error.message}`));
  page.on('console', (message) => {
    if (message.type() === 'error') watch.errors.push(`console: ${message.text()}`);
  });
  page.on('request', (request) => {
    if (isApi(request.url())) watch.pending += 1;
  });
  const settled = (request: Request) => {
    if (isApi(request.url())) watch.pending -= 1;
  };
  page.on('requestfinished', settled);
  page.on('requestfailed', settled);
  page.on('response', (response) => {
    if (isApi(response.url()) && response.status() >= 400) watch.errors.push(`${response.status()} ${new URL(response.url()).pathname}`);
  });
  await page.goto(`${url}/login`);
  await page.evaluate((chosen) => localStorage.setItem('language', chosen), language);
  await signIn(page, url, username);
  // Signing in lands on /login's redirect target, which may redirect again (the admin's dashboard opens
  // its announcements): let it arrive before the first navigation, or that redirect could overtake it.
  await page.waitForFunction(() => document.title.includes('·'), undefined, { timeout: 15_000 });
  await page.getByTestId('loading').first().waitFor({ state: 'detached', timeout: 15_000 });
  await apiQuiet(page, watch);
  return { page, watch };
}

/** Until no API request has been pending for a moment: the screen's lists and settings have answered. */
async function apiQuiet(page: Page, watch: Watch): Promise<void> {
  let quietSince = Date.now();
  const deadline = Date.now() + 15_000;
  while (Date.now() < deadline) {
    if (watch.pending > 0) quietSince = Date.now();
    else if (Date.now() - quietSince >= 150) return;
    await page.waitForTimeout(25);
  }
  throw new Error('API requests still pending after 15 s');
}

/** Every screen's title by its path: a screen that redirects (the admin's dashboard) ends under another. */
const TITLE_AT = new Map([...leaves(APP_ROUTES), ...leaves(ADMIN_ROUTES)].map((leaf) => [leaf.path, leaf.titleId]));

/** Until the page's title is the one of the route it shows now (after any redirect). */
async function titled(page: Page, leaf: Leaf, language: Language): Promise<void> {
  const deadline = Date.now() + 15_000;
  for (;;) {
    const at = new URL(page.url()).pathname;
    const titleId = (TITLE_AT.get(at) ?? leaf.titleId) as keyof (typeof CATALOGUES)['en'];
    const found = await page.title();
    if (found.startsWith(`${CATALOGUES[language][titleId]} · `)) return;
    if (Date.now() > deadline) throw new Error(`${leaf.path}: at ${at} the title is "${found}", not ${titleId}'s`);
    await page.waitForTimeout(25);
  }
}

async function open(page: Page, watch: Watch, leaf: Leaf, language: Language) {
  watch.errors.length = 0;
  await page.evaluate((path) => {
    window.history.pushState(null, '', path);
    window.dispatchEvent(new PopStateEvent('popstate'));
  }, leaf.path);
  await titled(page, leaf, language);
  // Its split-off code has loaded when no loading panel is left; then its own requests answer.
  await page.getByTestId('loading').first().waitFor({ state: 'detached', timeout: 15_000 });
  await apiQuiet(page, watch);
  // A screen that redirects once loaded has moved on by now; the next navigation must not race it.
  await titled(page, leaf, language);
  const errors = [...watch.errors];
  if ((await page.getByTestId('load-error').count()) > 0) errors.push('the screen failed to load');
  errors.push(...untranslated(await page.locator('body').innerText()).map((id) => `untranslated ${id}`));
  return { errors, noPermission: (await page.getByTestId('no-permission').count()) > 0 };
}

/** The first records of a list call (one page), as the demo manager sees them. */
async function listOf<T>(url: string, token: string, call: string): Promise<T[]> {
  const response = await fetch(`${url}/api/v1/${call}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: '{}',
  });
  return ((await response.json()) as { data: T[] }).data;
}

/**
 * A record of the entity whose pop-up `popupId` opens one (named in its `screens.popups`, or under its
 * path: `caller-id/:id/users`): the first listed, or one added now from the description's sample when
 * the demo data has none (callback numbers, message templates, forwardings).
 */
async function entityRecordFor(url: string, token: string, popupId: string, popupPath: string): Promise<string | undefined> {
  const named = (entity: AnyEntity) => Object.values(entity.screens.popups ?? {}).includes(popupId);
  const entity = ENTITIES.find(named) ?? ENTITIES.find((e) => popupPath.startsWith(`${e.path}/:id`));
  if (!entity || !popupPath.includes(':id')) return undefined;
  const paths = resourcePaths(entity.contract);
  const [first] = await listOf<{ id: number }>(url, token, paths.list);
  if (first) return String(first.id);
  const response = await fetch(`${url}/api/v1/${paths.store}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify(entitySample(entity, { extensions: ['1002'] })),
  });
  if (!response.ok) throw new Error(`${entity.name}: store answered ${response.status} ${await response.text()}`);
  return String(((await response.json()) as { data: { id: number } }).data.id);
}

function required<T>(value: T | undefined, what: string): T {
  if (value === undefined) throw new Error(`the demo data has no ${what}`);
  return value;
}

describe.skipIf(!hasBrowser)('every screen in Chromium against the real server', () => {
  let app: RunningApp;
  let browser: Browser;

  beforeAll(async () => {
    app = await startApp();
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await app?.stop();
  });

  it.each([
    ['manager', 'kr', APP_ROUTES],
    ['admin', 'en', ADMIN_ROUTES],
  ] as const)('%s (%s): every screen opens under its title, without an error or an untranslated text', async (username, language, routes) => {
    const { page, watch } = await signedInPage(browser, app.url, username, language);
    const companyPermissions = await page.evaluate(() => (JSON.parse(localStorage.getItem('userInfo') ?? '{}') as { companyPermissions?: string[] }).companyPermissions ?? []);
    const failures: string[] = [];
    for (const leaf of leaves(routes)) {
      const seen = await open(page, watch, leaf, language);
      const companyLacks = leaf.companyPermission !== undefined && !companyPermissions.includes(leaf.companyPermission);
      if (seen.noPermission !== companyLacks) seen.errors.push(companyLacks ? 'shown although the company lacks the permission' : 'no permission');
      if (seen.errors.length > 0) failures.push(`${leaf.path}: ${seen.errors.join('; ')}`);
    }
    await page.close();
    expect(failures).toEqual([]);
  }, 120_000);

  it('agent (en): the screens an agent may open work; the others say "no permission" without an error', async () => {
    const { page, watch } = await signedInPage(browser, app.url, 'agent1', 'en');
    const failures: string[] = [];
    const refused: string[] = [];
    for (const leaf of leaves(APP_ROUTES)) {
      const seen = await open(page, watch, leaf, 'en');
      if (seen.noPermission) refused.push(leaf.path);
      if (seen.errors.length > 0) failures.push(`${leaf.path}: ${seen.errors.join('; ')}`);
    }
    await page.close();
    expect(failures).toEqual([]);
    // Managing users and the configuration are the manager's (specification §6).
    expect(refused).toEqual(expect.arrayContaining(['/users', '/configuration/members/groups']));
    expect(refused).not.toContain('/members');
  }, 120_000);

  it('manager (kr): every pop-up opens by its address with demo records, without an error', async () => {
    const { page, watch } = await signedInPage(browser, app.url, 'manager', 'kr');
    const token = await page.evaluate(() => localStorage.getItem('token') ?? '');
    const consultations = await listOf<{ id: number; member_id: number | null }>(app.url, token, 'consultation/list');
    const consultation = required(consultations.find((row) => row.member_id !== null), "member's consultation");
    const memberId = String(consultation.member_id);
    const customField = required((await listOf<{ id: number }>(app.url, token, 'consultation-custom-field/list'))[0], 'consultation custom field');
    const agent = required((await listOf<{ id: number; role: string }>(app.url, token, 'users/index')).find((user) => user.role === 'agent'), 'agent');
    // The demo data has no announcement: the manager writes one for its pop-ups.
    const stored = await fetch(`${app.url}/api/v1/announcement/store`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ title: '점검 안내', content: '오늘 밤 시스템 점검이 있습니다.' }),
    });
    expect(stored.status, await stored.clone().text()).toBe(200);
    const announcement = String(((await stored.json()) as { data: { id: number } }).data.id);
    // Each pop-up's parameters from the demo data; the ones of screens not built yet only need a value.
    const params: Record<string, Record<string, string>> = {
      outbound: { id: memberId },
      'edit-outbound': { id: memberId, consultationId: String(consultation.id) },
      'edit-consultation': { id: memberId, consultationId: String(consultation.id) },
      'view-consultation': { id: memberId, consultationId: String(consultation.id) },
      'outbound-history': { id: memberId },
      'outbound-company-list': { companyName: '데모' },
      'consultation-edit-custom-field': { id: String(customField.id) },
      'edit-user-permission': { id: String(agent.id) },
      'outbound-popup': { phoneNumber: '01055550001' },
      'edit-announcement': { id: announcement },
      'view-announcement': { id: announcement },
    };
    for (const popup of POPUPS) {
      if (params[popup.id]) continue;
      const id = await entityRecordFor(app.url, token, popup.id, popup.path);
      if (id) params[popup.id] = { id };
    }
    const failures: string[] = [];
    for (const popup of POPUPS) {
      // Recordings need a recorded call, which the demo data does not have (show-call's tests play them).
      if (popup.id.endsWith('recording-file')) continue;
      const path = popup.path
        .replace(/:(\w+)\??/g, (_, name: string) => params[popup.id]?.[name] ?? '1')
        .replace(/\/$/, '');
      const query = popup.id === 'inbound' || popup.id === 'inbound-select-member' ? '?phone_no=01055550001&uniqueid=e2e-1' : '';
      const seen = await open(page, watch, { path: `${POPUP_BASE}/${path}${query}`, titleId: popup.titleId }, 'kr');
      if (seen.noPermission) seen.errors.push('no permission');
      if (seen.errors.length > 0) failures.push(`${popup.id} (${path}): ${seen.errors.join('; ')}`);
    }
    await page.close();
    expect(failures).toEqual([]);
  }, 180_000);
});
