/** Report days and months as GLOSSARY-lo.md writes dates: '2026-05-01' → '01/05/2026'. */
export function dayLabel(date: string): string {
  const [y, m, d] = date.split('-');
  return d && m && y ? `${d}/${m}/${y}` : date;
}

/** '2026-05' → '05/2026'. */
export function monthLabel(month: string): string {
  const [y, m] = month.split('-');
  return m && y ? `${m}/${y}` : month;
}

/** Short labels under a chart's bars: '01/05' for a day. */
export function shortDayLabel(date: string): string {
  return dayLabel(date).slice(0, 5);
}
