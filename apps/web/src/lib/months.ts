/** Months as 'YYYY-MM', shown day-less as the app shows dates: MM/YYYY. */
export function formatMonth(month: string): string {
  const m = /^(\d{4})-(\d{2})$/.exec(month);
  return m ? `${m[2]}/${m[1]}` : month;
}

/** `count` months from 'YYYY-MM' on (a negative count goes back), that one first. */
export function monthsFrom(first: string, count: number): string[] {
  const [y, m] = first.split('-').map(Number) as [number, number];
  const step = count < 0 ? -1 : 1;
  return Array.from({ length: Math.abs(count) }, (_, i) => {
    const n = y * 12 + (m - 1) + i * step;
    return `${Math.floor(n / 12)}-${String((n % 12) + 1).padStart(2, '0')}`;
  });
}
