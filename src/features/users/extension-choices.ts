import type { UserExtension } from '../../api/contracts/user-actions.contract';
import { EXTENSION_NUMBER } from '../../api/contracts/user.contract';

/**
 * The company's extensions as the user form offers them. An extension exists as the number a live user
 * holds (docs/users.md "Extensions": users/extensions answers each user with it, so also who holds
 * it); any other free number of 2 to 10 digits may be typed and becomes an extension when saved.
 */
export interface ExtensionChoice {
  extension: string;
  /** Who holds it. */
  name: string;
  /** The user being edited holds it: theirs to keep. */
  own: boolean;
}

/** The held extensions, in number order; `userId` is the user the form edits (none when adding). */
export function extensionChoices(holders: readonly UserExtension[], userId?: number): ExtensionChoice[] {
  return holders
    .filter((holder): holder is UserExtension & { extension: string } => holder.extension !== null && holder.extension !== '')
    .map((holder) => ({ extension: holder.extension, name: holder.name, own: holder.user_id === userId }))
    .sort((a, b) => a.extension.length - b.extension.length || a.extension.localeCompare(b.extension));
}

/**
 * A number nobody holds, to offer first: the one after the highest held extension of the commonest
 * length (1000, 1001, 1003 → 1004), so a new user's extension follows the company's numbering. Null
 * when nothing is held yet or that would not be an extension number any more.
 */
export function nextFreeExtension(choices: readonly ExtensionChoice[]): string | null {
  if (choices.length === 0) return null;
  const byLength = new Map<number, number>();
  for (const choice of choices) byLength.set(choice.extension.length, (byLength.get(choice.extension.length) ?? 0) + 1);
  const length = [...byLength].sort((a, b) => b[1] - a[1] || b[0] - a[0])[0]![0];
  const held = new Set(choices.map((choice) => choice.extension));
  const highest = Math.max(...choices.filter((c) => c.extension.length === length).map((c) => Number(c.extension)));
  for (let next = highest + 1; ; next += 1) {
    const candidate = String(next).padStart(length, '0');
    if (!EXTENSION_NUMBER.test(candidate)) return null;
    if (!held.has(candidate)) return candidate;
  }
}
