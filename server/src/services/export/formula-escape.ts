/**
 * Formula injection (OWASP ASVS 1.2.10, CWE-1236): a cell that starts with `=`, `+`, `-` or `@` (or a
 * tab, carriage return or NUL, which some programs strip before looking) is read as a formula by a
 * spreadsheet once the data leaves the xlsx, e.g. saved as CSV. Prefixing a single quote makes it text.
 * Every exported text cell goes through here; the export writes text cells only.
 */
const FORMULA_START = /^[=+\-@\t\r\0]/;

export function escapeFormula(text: string): string {
  return FORMULA_START.test(text) ? `'${text}` : text;
}
