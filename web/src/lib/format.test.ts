import { columnLetters, parseIdList, formatDate, formatDateTime, formatNumber, localInputToTokyo, toHalfWidthDigits, tokyoIsoDate, tokyoYearMonth, weekStart, WEEKDAYS } from './format';

describe('format helpers', () => {
  it('formats dates in Tokyo time as yyyy/M/d', () => {
    expect(formatDate('2026-01-04T15:30:00Z')).toBe('2026/1/5');
  });

  it('formats date-times as yyyy/MM/dd HH:mm in Tokyo', () => {
    expect(formatDateTime('2026-11-22T01:05:00Z')).toBe('2026/11/22 10:05');
    expect(formatDateTime('2026-11-21T15:00:00Z')).toBe('2026/11/22 00:00');
  });

  it('moves to the next day, month and year at Tokyo midnight, whatever the zone of the input', () => {
    expect(tokyoIsoDate('2026-11-30T14:59:59Z')).toBe('2026-11-30');
    expect(tokyoIsoDate('2026-11-30T15:00:00Z')).toBe('2026-12-01');
    expect(tokyoYearMonth(new Date('2026-12-31T15:00:00Z'))).toEqual({ year: 2027, month: 1 });
    expect(tokyoYearMonth(new Date('2026-12-31T14:59:00Z'))).toEqual({ year: 2026, month: 12 });
    expect(formatDateTime('2027-01-01T08:30:00+09:00')).toBe('2027/01/01 08:30');
    expect(formatDate(new Date(Date.UTC(2024, 1, 28, 15)))).toBe('2024/2/29');
  });

  it('starts the week on Sunday', () => {
    expect(WEEKDAYS[0]).toBe('日');
    expect(weekStart(new Date(2026, 10, 25)).getDay()).toBe(0);
    expect(weekStart(new Date(2026, 10, 25)).getDate()).toBe(22);
  });

  it('uses comma thousands', () => {
    expect(formatNumber(1234567)).toBe('1,234,567');
  });

  it('turns full-width digits into half-width', () => {
    expect(toHalfWidthDigits('０９０－１２３４')).toBe('090－1234');
  });

  it('converts column numbers to letters', () => {
    expect([1, 26, 27, 52, 53, 702, 703].map(columnLetters)).toEqual(['A', 'Z', 'AA', 'AZ', 'BA', 'ZZ', 'AAA']);
    expect(() => columnLetters(0)).toThrow(RangeError);
  });

  it('reads datetime-local values as Tokyo time', () => {
    expect(localInputToTokyo('2026-11-22T10:00')).toBe('2026-11-22T10:00:00+09:00');
  });

  it('reads typed id lists with full-width digits and refuses anything else', () => {
    expect(parseIdList('12, 3\n４５、12')).toEqual([12, 3, 45]);
    expect(parseIdList('12, x')).toBeNull();
    expect(parseIdList('0')).toBeNull();
    expect(parseIdList('  ')).toEqual([]);
  });
});
