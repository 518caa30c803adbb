import type { UserInfo } from '../../api/contracts/session.contract';
import { getUserInfo } from '../../api/storage';
import { ctiPopupMode } from './cti-popup-mode';
import { openDialog } from './dialog-store';
import { getPopupSpec, POPUP_BASE, type PopupEntryOf, type PopupId } from './popup-table';
import type { ParamsOf, ParamValue, PopupSpec } from './popup-types';

/**
 * The one way to open a pop-up (guides/architecture.md §5). Decides window or in-page dialog:
 * - 'window' pop-ups always open a window;
 * - 'either' pop-ups open a window when the user's CTI pop-up mode is 'window' (cti_new_window or
 *   manager, specification section 4), else an in-page dialog;
 * - a blocked window (window.open returned null, e.g. opened from a socket event without a user click)
 *   falls back to the in-page dialog, so an inbound call is never lost.
 */

export type PopupParams<Id extends PopupId> = ParamsOf<PopupEntryOf<Id>>;

export interface OpenPopupOptions {
  /** Whose CTI pop-up mode decides; defaults to the user kept in the browser (the same the session holds). */
  userInfo?: UserInfo | null;
  /** Window name; by default derived from the URL, so reopening the same pop-up focuses its window. */
  name?: string;
}

export type OpenPopupResult =
  | { kind: 'window'; url: string; name: string; window: Window }
  | { kind: 'dialog'; url: string; key: string };

type Loose = Record<string, ParamValue | null | undefined>;

/** Optional parameters may be left out entirely when a pop-up has no required one. */
type ParamsArg<Id extends PopupId> = Partial<PopupParams<Id>> extends PopupParams<Id>
  ? [params?: PopupParams<Id>, options?: OpenPopupOptions]
  : [params: PopupParams<Id>, options?: OpenPopupOptions];

export interface BuiltPopupUrl {
  url: string;
  params: Record<string, string>;
  query: Record<string, string>;
}

/** Fills `:name` segments (dropping an absent optional one) and puts every other given value in the query. */
export function buildPopupUrl(def: PopupSpec, given: Loose = {}): BuiltPopupUrl {
  const params: Record<string, string> = {};
  const used = new Set<string>();
  const segments: string[] = [];
  for (const segment of def.path.split('/')) {
    const match = /^:([A-Za-z0-9_]+)(\?)?$/.exec(segment);
    if (!match) {
      segments.push(segment);
      continue;
    }
    const [, name = '', optional] = match;
    used.add(name);
    const value = given[name];
    if (value === undefined || value === null || value === '') {
      if (optional) continue;
      throw new Error(`openPopup('${def.id}'): missing path parameter "${name}"`);
    }
    params[name] = String(value);
    segments.push(encodeURIComponent(String(value)));
  }

  const query: Record<string, string> = {};
  const queryNames = [...def.query, ...Object.keys(given).filter((k) => !def.query.includes(k))];
  for (const name of queryNames) {
    if (used.has(name)) continue;
    const value = given[name] ?? def.defaultQuery?.[name];
    if (value !== undefined && value !== null && value !== '') query[name] = String(value);
  }
  const search = new URLSearchParams(query).toString();
  return { url: `${POPUP_BASE}/${segments.join('/')}${search ? `?${search}` : ''}`, params, query };
}

export interface OpenerGeometry {
  screenX: number;
  screenY: number;
  outerWidth: number;
  outerHeight: number;
}

/** Centred on the opener window, not the screen: agents often work on a second monitor. */
export function centredOn(opener: OpenerGeometry, width: number, height: number): { left: number; top: number } {
  return {
    left: Math.round(opener.screenX + (opener.outerWidth - width) / 2),
    top: Math.round(opener.screenY + (opener.outerHeight - height) / 2),
  };
}

export function windowFeatures(def: Pick<PopupSpec, 'width' | 'height'>, opener: OpenerGeometry): string {
  const { left, top } = centredOn(opener, def.width, def.height);
  return `popup=yes,width=${def.width},height=${def.height},left=${left},top=${top},resizable=yes,scrollbars=yes`;
}

/** Window names may not contain every character; one name per URL keeps one window per pop-up instance. */
export function windowNameFor(url: string): string {
  return `callcentre${url.replace(/[^A-Za-z0-9]+/g, '_')}`;
}

export function shouldOpenWindow(def: PopupSpec, userInfo: UserInfo | null | undefined): boolean {
  return def.mode === 'window' || ctiPopupMode(userInfo) === 'window';
}

export function openPopup<Id extends PopupId>(id: Id, ...[given, options = {}]: ParamsArg<Id>): OpenPopupResult {
  const def = getPopupSpec(id);
  if (!def) throw new Error(`openPopup: unknown pop-up "${id}"`);
  const built = buildPopupUrl(def, given as Loose | undefined);
  const userInfo = options.userInfo === undefined ? getUserInfo() : options.userInfo;

  if (shouldOpenWindow(def, userInfo)) {
    const name = options.name ?? windowNameFor(built.url);
    const opened = window.open(built.url, name, windowFeatures(def, geometryOf(window)));
    if (opened) {
      try {
        opened.focus();
      } catch {
        // Some browsers refuse focus() on a window they just opened; the window is open anyway.
      }
      return { kind: 'window', url: built.url, name, window: opened };
    }
  }
  const key = openDialog({ popupId: def.id, params: built.params, query: built.query, url: built.url });
  return { kind: 'dialog', url: built.url, key };
}

function geometryOf(win: Window): OpenerGeometry {
  return {
    screenX: win.screenX ?? win.screenLeft ?? 0,
    screenY: win.screenY ?? win.screenTop ?? 0,
    outerWidth: win.outerWidth || win.innerWidth,
    outerHeight: win.outerHeight || win.innerHeight,
  };
}
