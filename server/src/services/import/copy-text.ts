/**
 * PostgreSQL's COPY text format (https://www.postgresql.org/docs/current/sql-copy.html, "Text Format"):
 * one line per row, fields separated by a tab, `\N` for NULL. A backslash, tab, newline or carriage
 * return inside a value is written as a backslash sequence; every other character, Korean text
 * included, goes as it is (the connection's encoding is UTF-8). Array and jsonb values are their usual
 * literals, escaped like any other text: COPY undoes its escaping before the column's type reads them.
 */
const NEEDS_ESCAPE = /[\\\t\n\r]/;
const ESCAPED: Record<string, string> = { '\\': '\\\\', '\t': '\\t', '\n': '\\n', '\r': '\\r' };

export function copyField(value: string | null): string {
  if (value === null) return '\\N';
  return NEEDS_ESCAPE.test(value) ? value.replace(/[\\\t\n\r]/g, (c) => ESCAPED[c]!) : value;
}

/** One row as a COPY line, its trailing newline included. */
export function copyLine(values: readonly (string | null)[]): string {
  let line = copyField(values[0] ?? null);
  for (let i = 1; i < values.length; i += 1) line += `\t${copyField(values[i] ?? null)}`;
  return `${line}\n`;
}
