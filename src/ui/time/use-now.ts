import { useEffect, useState } from 'react';

/**
 * The time now (epoch ms), again every `everyMs`: live counters (a caller's wait, an agent's time in
 * state) count in the browser from the moment the server gave, without asking it again.
 */
export function useNow(everyMs = 1000): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), everyMs);
    return () => clearInterval(timer);
  }, [everyMs]);
  return now;
}

/** Seconds as `m:ss`, or `h:mm:ss` past an hour. */
export function formatSeconds(total: number): string {
  const s = Math.max(0, Math.floor(total));
  const [h, m, sec] = [Math.floor(s / 3600), Math.floor((s % 3600) / 60), s % 60];
  const two = (n: number) => String(n).padStart(2, '0');
  return h > 0 ? `${h}:${two(m)}:${two(sec)}` : `${m}:${two(sec)}`;
}

/** Seconds since an ISO moment, at `now`. */
export const secondsSince = (iso: string, now: number): number => Math.max(0, (now - Date.parse(iso)) / 1000);
