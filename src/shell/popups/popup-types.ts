import type { MessageId } from '../../i18n/message-ids';
import type { AccessRule } from '../session/route-access';

/**
 * 'either': a window or an in-page dialog, by the user's CTI pop-up mode (specification section 4).
 * 'window': always a separate window.
 */
export type PopupMode = 'either' | 'window';

export type ParamValue = string | number;

/** One pop-up as data (src/shell/popups/popup-table.ts); the app's registry adds its screen. */
export interface PopupSpec {
  /** The specification's name (section 2), e.g. 'inbound', 'add-member', 'edit-user-permission'. */
  id: string;
  /** Route under /window, in react-router syntax (`:id`, optional `:phoneNumber?`). */
  path: string;
  /** Outer size in CSS pixels; the specification keeps pop-ups between 465×80 and 1450×600. */
  width: number;
  height: number;
  mode: PopupMode;
  titleId: MessageId;
  /** Query parameter names the pop-up reads (the specification lists them for some pop-ups). */
  query: readonly string[];
  /** Query values used when the opener gives none. */
  defaultQuery?: Readonly<Record<string, string>>;
  /** Who may open it (as for routes); open to every signed-in user without one. */
  access?: AccessRule;
}

/** `'a/:id/b/:other?'` → `'id' | 'other?'`. */
type ParamNames<P extends string> = P extends `${string}:${infer Name}/${infer Rest}`
  ? Name | ParamNames<Rest>
  : P extends `${string}:${infer Name}`
    ? Name
    : never;
type RequiredName<N> = N extends `${string}?` ? never : N;
type OptionalName<N> = N extends `${infer Base}?` ? Base : never;

/** What openPopup accepts for a pop-up: its path parameters (required unless optional) and its query. */
export type ParamsOf<Def extends Pick<PopupSpec, 'path' | 'query'>> = {
  [K in RequiredName<ParamNames<Def['path']>>]: ParamValue;
} & {
  [K in OptionalName<ParamNames<Def['path']>>]?: ParamValue | null;
} & {
  [K in Def['query'][number]]?: ParamValue | null;
};

/** Keeps the literal id, path and query names of each entry so openPopup can type its parameters. */
export function definePopup<const Id extends string, const Path extends string, const Query extends readonly string[] = []>(
  def: Omit<PopupSpec, 'id' | 'path' | 'query'> & { id: Id; path: Path; query?: Query },
): PopupSpec & { id: Id; path: Path; query: Query } {
  return { ...def, query: def.query ?? ([] as unknown as Query) };
}
