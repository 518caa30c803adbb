/**
 * Turns event payloads and machine context into plain, JSON-safe data for the inspector. Two jobs:
 *
 * 1. **No secrets on screen or in memory longer than needed.** The session machine carries passwords
 *    (`LOGIN`), API keys (`?apiKey=` logins) and tokens (`HTTP_401.failedToken`); a screen shared with a
 *    colleague or a screenshot in a ticket must never show them. Keys are matched by name, and any string
 *    that looks like a JWT is hidden wherever it sits.
 * 2. **Never throw, never hang.** Payloads can hold actor refs (cyclic through their system), errors,
 *    maps, class instances and very large lists; the inspector must survive all of them.
 */

export const REDACTED = '[redacted]';

/** Compared against a key with case, `_` and `-` removed; `endsWith` catches accessToken, newPassword... */
const SECRET_KEY_ENDINGS = ['password', 'passwd', 'token', 'tokens', 'apikey', 'secret', 'authorization', 'cookie'];
const JWT = /^eyJ[\w-]{4,}\.[\w-]{4,}\.[\w-]*$/;

export interface SanitizeOptions {
  /** Nesting below this depth is summarised. @default 8 */
  maxDepth?: number;
  /** Array items and object keys beyond this count are summarised. @default 100 */
  maxEntries?: number;
  /** Strings longer than this are cut. @default 2000 */
  maxStringLength?: number;
}

export function isSecretKey(key: string): boolean {
  const normalised = key.toLowerCase().replace(/[-_\s]/g, '');
  return SECRET_KEY_ENDINGS.some((ending) => normalised.endsWith(ending));
}

function isActorRefLike(value: object): value is { id: string; sessionId: string } {
  return 'sessionId' in value && 'send' in value && typeof (value as { send: unknown }).send === 'function';
}

/** JSON-safe copy of `value` with secrets replaced by REDACTED. */
export function sanitize(value: unknown, options: SanitizeOptions = {}): unknown {
  const { maxDepth = 8, maxEntries = 100, maxStringLength = 2000 } = options;
  const seen = new WeakSet<object>();

  const visit = (input: unknown, depth: number): unknown => {
    switch (typeof input) {
      case 'string':
        if (JWT.test(input)) return REDACTED;
        return input.length > maxStringLength ? `${input.slice(0, maxStringLength)}…` : input;
      case 'number':
      case 'boolean':
      case 'undefined':
        return input;
      case 'bigint':
        return `${input.toString()}n`;
      case 'symbol':
        return input.toString();
      case 'function':
        return `[function ${input.name || 'anonymous'}]`;
    }
    if (input === null) return null;
    const object = input as object;
    if (isActorRefLike(object)) return `[actor ${object.id}]`;
    if (object instanceof Date) return Number.isNaN(object.getTime()) ? 'Invalid Date' : object.toISOString();
    if (object instanceof Error) return { name: object.name, message: object.message };
    if (seen.has(object)) return '[circular]';
    if (depth >= maxDepth) return Array.isArray(object) ? `[array(${object.length})]` : '[object]';
    seen.add(object);
    try {
      if (object instanceof Map) return visitEntries([...object.entries()].map(([k, v]) => [String(k), v]), depth);
      if (object instanceof Set) return visitList([...object], depth);
      if (Array.isArray(object)) return visitList(object, depth);
      return visitEntries(Object.entries(object), depth);
    } finally {
      // Only ancestors count as circular; the same object twice side by side is shown twice.
      seen.delete(object);
    }
  };

  const visitList = (items: readonly unknown[], depth: number): unknown[] => {
    const out = items.slice(0, maxEntries).map((item) => visit(item, depth + 1));
    if (items.length > maxEntries) out.push(`… ${items.length - maxEntries} more`);
    return out;
  };

  const visitEntries = (entries: [string, unknown][], depth: number): Record<string, unknown> => {
    const out: Record<string, unknown> = {};
    for (const [key, item] of entries.slice(0, maxEntries)) {
      // null, undefined and flags say nothing secret and help debugging ("is there a token yet?").
      const hidden = isSecretKey(key) && item !== null && item !== undefined && typeof item !== 'boolean';
      out[key] = hidden ? REDACTED : visit(item, depth + 1);
    }
    if (entries.length > maxEntries) out['…'] = `${entries.length - maxEntries} more`;
    return out;
  };

  try {
    return visit(value, 0);
  } catch {
    // A throwing getter or proxy: show that something was there rather than break the page.
    return '[unreadable]';
  }
}

/**
 * An event without its `type`, sanitised: what the log shows as the payload. Null when there is nothing
 * else; keys set to `undefined` (xstate.init's `input` of an actor started without one) count as nothing.
 */
export function sanitizeEventPayload(event: { type: string } & Record<string, unknown>): Record<string, unknown> | null {
  const rest = Object.entries(event).filter(([key, value]) => key !== 'type' && value !== undefined);
  if (rest.length === 0) return null;
  return sanitize(Object.fromEntries(rest)) as Record<string, unknown>;
}
