/** The values that are there, each once: the keys one `enrich` query looks up for a whole page. */
export function distinctPresent<T>(values: readonly (T | null)[]): T[] {
  return [...new Set(values.filter((value): value is T => value !== null))];
}
