/** A cell for a value that may be missing. */
export const text = (value: unknown): string => (value === undefined || value === null ? '' : String(value));

/**
 * `2025-01-15 09:30:00`, Asia/Seoul (specification §9): what a person in the Korean market reads as the
 * moment, and what the imports read back as the same moment.
 */
export const seoulTime = (date: Date | string): string => new Date(date).toLocaleString('sv-SE', { timeZone: 'Asia/Seoul' });
