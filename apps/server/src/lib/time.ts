export const iso = (d: Date): string => d.toISOString();
export const isoOrNull = (d: Date | null | undefined): string | null => (d ? d.toISOString() : null);

/** Start of a calendar day in Asia/Vientiane (UTC+7, no daylight saving) as an instant. */
export function startOfLaoDay(date: string): Date {
  return new Date(`${date}T00:00:00+07:00`);
}

export function addDays(d: Date, days: number): Date {
  return new Date(d.getTime() + days * 86_400_000);
}
