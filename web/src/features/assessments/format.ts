/** `2026-10-01` as 2026年10月. */
export function monthLabel(targetMonth: string): string {
  const [year, month] = targetMonth.split('-');
  return `${year}年${Number(month)}月`;
}
