/**
 * Calendar dates as the API sends them (`yyyy-MM-dd`, no time or zone) and as people read and type
 * them (`yyyy/M/d`, weeks from Sunday). Arithmetic runs in UTC so no zone or DST shifts a day.
 */
import { toHalfWidthDigits, tokyoIsoDate, WEEKDAYS } from './format';

export interface CalendarDay {
  /** `yyyy-MM-dd`. */
  iso: string;
  day: number;
  /** False for the leading and trailing days of the neighbouring months. */
  inMonth: boolean;
}

const DAY_MS = 86_400_000;
const pad = (n: number) => String(n).padStart(2, '0');

const utc = (year: number, month: number, day: number) => new Date(Date.UTC(year, month - 1, day));
const isoOfDate = (date: Date) => `${date.getUTCFullYear()}-${pad(date.getUTCMonth() + 1)}-${pad(date.getUTCDate())}`;

export const isoDate = (year: number, month: number, day: number): string => isoOfDate(utc(year, month, day));

/** Year, month (1–12) and day of a `yyyy-MM-dd` value. */
export function dateParts(iso: string): { year: number; month: number; day: number } {
  const [year, month, day] = iso.slice(0, 10).split('-').map(Number);
  return { year, month, day };
}

/** `yyyy/M/d`, the way dates are shown (spec: notice date format). */
export function displayDate(iso: string): string {
  if (!iso) return '';
  const { year, month, day } = dateParts(iso);
  return `${year}/${month}/${day}`;
}

/** 「2027年2月15日（月）」 for screen readers and day buttons. */
export function spokenDate(iso: string): string {
  const { year, month, day } = dateParts(iso);
  return `${year}年${month}月${day}日（${WEEKDAYS[utc(year, month, day).getUTCDay()]}）`;
}

/**
 * A typed date (`2027/2/15`, `2027-02-15`, `2027.2.15`, `2027年2月15日`, full-width digits too) as
 * `yyyy-MM-dd`, or null when it is not a real day.
 */
export function parseDateText(text: string): string | null {
  const match = /^\s*(\d{4})\s*[/\-.年]\s*(\d{1,2})\s*[/\-.月]\s*(\d{1,2})\s*日?\s*$/.exec(toHalfWidthDigits(text));
  if (!match) return null;
  const [year, month, day] = match.slice(1).map(Number);
  const date = utc(year, month, day);
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day ? isoOfDate(date) : null;
}

export const addDays = (iso: string, days: number): string => {
  const { year, month, day } = dateParts(iso);
  return isoOfDate(new Date(utc(year, month, day).getTime() + days * DAY_MS));
};

/** The same day `months` later, kept inside the target month (1/31 + 1 month is 2/28). */
export function addMonths(iso: string, months: number): string {
  const { year, month, day } = dateParts(iso);
  const first = utc(year, month + months, 1);
  const last = utc(first.getUTCFullYear(), first.getUTCMonth() + 2, 0).getUTCDate();
  return isoDate(first.getUTCFullYear(), first.getUTCMonth() + 1, Math.min(day, last));
}

/** The weeks shown for a month: rows of seven days, each row from Sunday to Saturday. */
export function monthWeeks(year: number, month: number): CalendarDay[][] {
  const first = utc(year, month, 1);
  let cursor = new Date(first.getTime() - first.getUTCDay() * DAY_MS);
  const weeks: CalendarDay[][] = [];
  do {
    const week: CalendarDay[] = [];
    for (let i = 0; i < 7; i++) {
      week.push({ iso: isoOfDate(cursor), day: cursor.getUTCDate(), inMonth: cursor.getUTCMonth() === month - 1 });
      cursor = new Date(cursor.getTime() + DAY_MS);
    }
    weeks.push(week);
  } while (cursor.getUTCMonth() === month - 1);
  return weeks;
}

/** Today in Tokyo, as `yyyy-MM-dd`. */
export function todayIso(now: Date = new Date()): string {
  return tokyoIsoDate(now);
}
