import { z } from 'zod';

/**
 * Korean public holidays (CONTRACT §11 `POST /api/v1/holidays`; docs/telephony.md "Korean public
 * holidays"). Not company data: every company sees the same list, computed by
 * src/api/holidays/korean-holidays.ts on the client and the server alike.
 */

/**
 * What a holiday is: `solar` a fixed day of the year, `lunar` one of Seollal, Buddha's Birthday or
 * Chuseok, `substitute` a 대체공휴일, `election` a national election day, `custom` a day designated
 * once (a 임시공휴일 of the government, or a company's own day where a caller merges them in).
 */
export const HOLIDAY_KINDS = ['solar', 'lunar', 'substitute', 'election', 'custom'] as const;
export type HolidayKind = (typeof HOLIDAY_KINDS)[number];

export const holidaySchema = z.object({
  /** `YYYY-MM-DD`, Asia/Seoul. */
  date: z.string(),
  /** English name, e.g. `Substitute holiday (Chuseok)`. */
  name: z.string(),
  /** Korean name as the official calendar writes it, e.g. `대체공휴일(추석)`. */
  name_kr: z.string(),
  kind: z.enum(HOLIDAY_KINDS),
});
export type Holiday = z.infer<typeof holidaySchema>;

/** The years the route answers for. Lunar holidays are known up to 2050 (the conversion table's end). */
export const HOLIDAY_YEAR_MIN = 1900;
export const HOLIDAY_YEAR_MAX = 2100;

export const holidaysRequestSchema = z.object({
  year: z
    .number({ error: 'validation.holiday_year_invalid' })
    .int('validation.holiday_year_invalid')
    .min(HOLIDAY_YEAR_MIN, 'validation.holiday_year_invalid')
    .max(HOLIDAY_YEAR_MAX, 'validation.holiday_year_invalid'),
});
export type HolidaysRequest = z.infer<typeof holidaysRequestSchema>;

export const holidaysResponseSchema = z.object({ data: z.array(holidaySchema) });
export type HolidaysResponse = z.infer<typeof holidaysResponseSchema>;
