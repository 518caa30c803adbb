/**
 * The hours of a "whole week" run (docs/routing.md "What happens to this call?"): Monday 00:00 to Sunday
 * 23:00 of the week holding a day, in Asia/Seoul, and a small pool that asks the server for them a few
 * at a time (168 requests at once would queue behind each other and starve the rest of the page).
 */

export interface WeekHour {
  /** `YYYY-MM-DD`, Seoul. */
  day: string;
  /** 1 Monday … 7 Sunday. */
  weekday: number;
  hour: number;
  /** What `routing/simulate` takes as `at`: the hour's start in Seoul, with its offset. */
  at: string;
}

const DAY_MS = 24 * 60 * 60 * 1000;

/** A Seoul date and time (`YYYY-MM-DD`, hour, minute) as ISO with the +09:00 offset Seoul keeps all year. */
export const seoulIso = (day: string, hour: number, minute = 0) => `${day}T${String(hour).padStart(2, '0')}:${String(minute).padStart(2, '0')}:00+09:00`;

/** The 168 hours of the week (Monday first) holding `day` (`YYYY-MM-DD`). */
export function weekHours(day: string): WeekHour[] {
  const [year, month, date] = day.split('-').map(Number) as [number, number, number];
  const noon = Date.UTC(year, month - 1, date, 12);
  const weekday = new Date(noon).getUTCDay() || 7;
  const monday = noon - (weekday - 1) * DAY_MS;
  return Array.from({ length: 7 }, (_, index) => new Date(monday + index * DAY_MS).toISOString().slice(0, 10)).flatMap((dayOfWeek, index) =>
    Array.from({ length: 24 }, (_, hour) => ({ day: dayOfWeek, weekday: index + 1, hour, at: seoulIso(dayOfWeek, hour) })),
  );
}

/**
 * Runs `task` on every item, at most `limit` at a time, calling `onDone` as each ends. Stops starting new
 * ones once `cancelled()` says so or a task fails (the failure is what it rejects with).
 */
export async function runPool<T, R>(items: readonly T[], limit: number, task: (item: T, index: number) => Promise<R>, onDone: (result: R, index: number) => void, cancelled: () => boolean = () => false): Promise<void> {
  let next = 0;
  let failed = false;
  const worker = async () => {
    while (!failed && !cancelled() && next < items.length) {
      const index = next;
      next += 1;
      try {
        const result = await task(items[index]!, index);
        if (!cancelled()) onDone(result, index);
      } catch (error) {
        failed = true;
        throw error;
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
}
