/**
 * Dates as SheetJS 0.20 reads them with `cellDates` (its `fmt_is_date`, `numdate`, `parseDate`) and as
 * `cellText` writes them, so the streaming reader gives the same texts as the SheetJS reader.
 */

const EPOCH_1900 = Date.UTC(1899, 11, 30);
const TIME_BASE_1900 = Date.UTC(1899, 11, 31);
const TIME_BASE_1904 = Date.UTC(1904, 0, 1);
/** Serial days between the 1900 and 1904 date systems. */
const DAYS_1904 = 1462;
const ELAPSED_TIME = /\[[HhMmSs\u0E0A\u0E19\u0E17]*\]/;

const isGeneral = (fmt: string, i: number) => fmt.slice(i, i + 7).toLowerCase() === 'general';

/** Whether a number format shows a date or a time: SheetJS's `fmt_is_date`, step for step. */
export function isDateFormat(fmt: string): boolean {
  let i = 0;
  while (i < fmt.length) {
    const c = fmt.charAt(i);
    switch (c) {
      case 'G':
        if (isGeneral(fmt, i)) i += 6;
        i += 1;
        break;
      case '"':
        while (fmt.charCodeAt(++i) !== 34 && i < fmt.length);
        i += 1;
        break;
      case '\\':
      case '_':
        i += 2;
        break;
      case '@':
        i += 1;
        break;
      // SheetJS also tests B1/B2 (Buddhist and Hijri calendars) here, but any B is a date to it anyway.
      case 'B': case 'b':
      case 'M': case 'D': case 'Y': case 'H': case 'S': case 'E':
      case 'm': case 'd': case 'y': case 'h': case 's': case 'e': case 'g':
        return true;
      case 'A': case 'a': case '上':
        if (fmt.substr(i, 3).toUpperCase() === 'A/P' || fmt.substr(i, 5).toUpperCase() === 'AM/PM' || fmt.substr(i, 5).toUpperCase() === '上午/下午') return true;
        i += 1;
        break;
      case '[': {
        let o = c;
        while (fmt.charAt(i++) !== ']' && i < fmt.length) o += fmt.charAt(i);
        if (ELAPSED_TIME.test(o)) return true;
        break;
      }
      case '.': case '0': case '#': {
        let n = '';
        while (i < fmt.length && ('0#?.,E+-%'.includes((n = fmt.charAt(++i))) || (n === '\\' && fmt.charAt(i + 1) === '-' && '0#'.includes(fmt.charAt(i + 2)))));
        break;
      }
      case '?':
        while (fmt.charAt(++i) === c);
        break;
      case '*':
        i += 1;
        if (fmt.charAt(i) === ' ' || fmt.charAt(i) === '*') i += 1;
        break;
      case '(': case ')': case ' ':
        i += 1;
        break;
      case '1': case '2': case '3': case '4': case '5': case '6': case '7': case '8': case '9':
        while (i < fmt.length && '0123456789'.includes(fmt.charAt(++i)));
        break;
      default:
        i += 1;
    }
  }
  return false;
}

const pad = (n: number) => String(n).padStart(2, '0');

/** `cellText` of a date cell: YYYY-MM-DD, with the time when it is not midnight. */
function dateText(date: Date): string {
  if (Number.isNaN(date.getTime())) return '';
  const day = `${date.getUTCFullYear()}-${pad(date.getUTCMonth() + 1)}-${pad(date.getUTCDate())}`;
  const midnight = date.getUTCHours() + date.getUTCMinutes() + date.getUTCSeconds() === 0;
  return midnight ? day : `${day} ${pad(date.getUTCHours())}:${pad(date.getUTCMinutes())}:${pad(date.getUTCSeconds())}`;
}

/**
 * A date-formatted number. SheetJS shifts 1904 serials onto the 1900 system, keeps serial 60 (Excel's
 * fictitious 1900-02-29) as a plain number, and maps serials below 60 one day later, so that 1 is
 * 1900-01-01 in its 1899-12-30 based arithmetic.
 */
export function serialText(value: number, date1904: boolean): string {
  const serial = value + (date1904 ? DAYS_1904 : 0);
  if (serial >= 60 && serial < 61) return String(serial);
  // Multiplied step by step as SheetJS does: `* 86400000` rounds differently and can move a second.
  return dateText(new Date((serial > 60 ? serial : serial + 1) * 24 * 60 * 60 * 1000 + EPOCH_1900));
}

const TIME_ONLY = /^(\d+):(\d+)(:\d+)?(\.\d+)?$/;
const DAY_ONLY = /^(\d+)-(\d+)-(\d+)$/;
const DAY_TIME = /^(\d+)-(\d+)-(\d+)[T ](\d+):(\d+)(:\d+)?(\.\d+)?$/;

/** An ISO 8601 date cell (`t="d"`), read as UTC; a bare time counts from the date system's day zero. */
export function isoDateText(text: string, date1904: boolean): string {
  let m = TIME_ONLY.exec(text);
  if (m) {
    const seconds = (parseInt(m[1]!, 10) * 60 + parseInt(m[2]!, 10)) * 60 + (m[3] ? parseInt(m[3].slice(1), 10) : 0);
    return dateText(new Date((date1904 ? TIME_BASE_1904 : TIME_BASE_1900) + seconds * 1000 + (m[4] ? parseInt(`${m[4]}000`.slice(1, 4), 10) : 0)));
  }
  m = DAY_ONLY.exec(text);
  if (m) return dateText(new Date(Date.UTC(+m[1]!, +m[2]! - 1, +m[3]!, 0, 0, 0, 0)));
  m = DAY_TIME.exec(text);
  if (m) {
    const seconds = (m[6] && parseInt(m[6].slice(1), 10)) || 0;
    const millis = (m[7] && parseInt(`${m[7]}0000`.slice(1, 4), 10)) || 0;
    return dateText(new Date(Date.UTC(+m[1]!, +m[2]! - 1, +m[3]!, +m[4]!, +m[5]!, seconds, millis)));
  }
  return dateText(new Date(text));
}
