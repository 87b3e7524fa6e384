/** Display helpers for the Japanese locale. */

/**
 * Tokyo's wall clock at an instant. Japan keeps UTC+9 all year (no daylight saving since 1951), so
 * it is UTC moved nine hours: no Intl formatter, whose first build with a time zone cost a member's
 * page about 30 ms of its first render (more than every React component of the task list).
 * The server's rule is the same (`platform::clock`, docs/decisions/one-clock-tokyo-dates.md).
 */
const TOKYO_OFFSET_MS = 9 * 60 * 60 * 1000;

export interface TokyoClock {
  year: number;
  /** 1–12 */
  month: number;
  day: number;
  hour: number;
  minute: number;
  /** 0 is Sunday (index into `WEEKDAYS`). */
  weekday: number;
}

export function tokyoClock(value: Date | string): TokyoClock {
  const shifted = new Date(toDate(value).getTime() + TOKYO_OFFSET_MS);
  return {
    year: shifted.getUTCFullYear(),
    month: shifted.getUTCMonth() + 1,
    day: shifted.getUTCDate(),
    hour: shifted.getUTCHours(),
    minute: shifted.getUTCMinutes(),
    weekday: shifted.getUTCDay(),
  };
}

const toDate = (value: Date | string): Date => (value instanceof Date ? value : new Date(value));
const pad2 = (value: number): string => String(value).padStart(2, '0');

/** yyyy/M/d in Tokyo time (notice dates). */
export function formatDate(value: Date | string): string {
  const t = tokyoClock(value);
  return `${t.year}/${t.month}/${t.day}`;
}

/** yyyy/MM/dd HH:mm in Tokyo time (maintenance periods, message times). */
export function formatDateTime(value: Date | string): string {
  const t = tokyoClock(value);
  return `${t.year}/${pad2(t.month)}/${pad2(t.day)} ${pad2(t.hour)}:${pad2(t.minute)}`;
}

/**
 * A chat day separator: 「11月29日（日）」 in Tokyo, with the year (「2025年12月31日（水）」) when it
 * is not the year it is in Tokyo `now`.
 */
export function formatDayHeading(value: Date | string, now: Date = new Date()): string {
  const t = tokyoClock(value);
  const year = t.year === tokyoClock(now).year ? '' : `${t.year}年`;
  return `${year}${t.month}月${t.day}日（${WEEKDAYS[t.weekday]}）`;
}

/** yyyy-MM-dd of the day it is in Tokyo at `value`. */
export function tokyoIsoDate(value: Date | string): string {
  const t = tokyoClock(value);
  return `${t.year}-${pad2(t.month)}-${pad2(t.day)}`;
}

/** The year and month (1–12) it is in Tokyo at `value`. */
export function tokyoYearMonth(value: Date = new Date()): { year: number; month: number } {
  const { year, month } = tokyoClock(value);
  return { year, month };
}

/** The week starts on Sunday: index 0 is 日. */
export const WEEKDAYS = ['日', '月', '火', '水', '木', '金', '土'] as const;

export function weekStart(value: Date): Date {
  const d = new Date(value);
  d.setHours(0, 0, 0, 0);
  d.setDate(d.getDate() - d.getDay());
  return d;
}

let numberFormatter: Intl.NumberFormat | undefined;
/** 1,234,567 (a number's toLocaleString builds a formatter on every call; this keeps one). */
export const formatNumber = (value: number): string => (numberFormatter ??= new Intl.NumberFormat('ja-JP')).format(value);

/** Yen with comma thousands: 「1,200,000円」. */
export const formatYen = (value: number): string => `${formatNumber(value)}円`;

/** Full-width digits (０-９) become half-width. */
export const toHalfWidthDigits = (value: string): string =>
  value.replace(/[０-９]/g, (c) => String.fromCharCode(c.charCodeAt(0) - 0xfee0));

/** Spreadsheet column letters: 1 → A, 26 → Z, 27 → AA. */
export function columnLetters(column: number): string {
  let n = Math.floor(column);
  if (n < 1) throw new RangeError('column numbers start at 1');
  let letters = '';
  while (n > 0) {
    const rest = (n - 1) % 26;
    letters = String.fromCharCode(65 + rest) + letters;
    n = Math.floor((n - 1) / 26);
  }
  return letters;
}

/** RFC 3339 with the Tokyo offset from a `datetime-local` value (which has no zone). */
export const localInputToTokyo = (value: string): string => `${value.length === 16 ? `${value}:00` : value}+09:00`;

/**
 * Ids typed as a list (commas, spaces, new lines; full-width digits allowed), duplicates
 * dropped; null when any entry is not a positive whole number.
 */
export function parseIdList(text: string): number[] | null {
  const entries = toHalfWidthDigits(text).split(/[\s,、，]+/).filter(Boolean);
  if (!entries.every((entry) => /^[1-9][0-9]*$/.test(entry))) return null;
  return [...new Set(entries.map(Number))];
}

/** yyyy-MM-dd for a date input, from an API date (`2026-11-30`) or timestamp. */
export const toDateInput = (value: string | null | undefined): string => (value ? value.slice(0, 10) : '');
