/** LIKE treats % and _ as wildcards; a search for "50%" means the characters. */
export function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (char) => `\\${char}`);
}
