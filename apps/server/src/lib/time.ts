import { localWallTime } from '@parking-hub/contracts/business-day';

export const iso = (d: Date): string => d.toISOString();
/** An ISO time, or null; raw SQL answers timestamps as text, the query builder as Dates. */
export const isoOrNull = (d: Date | string | null | undefined): string | null =>
  d ? new Date(d).toISOString() : null;

/** Start of a calendar day in Asia/Vientiane (UTC+7, no daylight saving) as an instant. */
export function startOfLaoDay(date: string): Date {
  return new Date(`${date}T00:00:00+07:00`);
}

export function addDays(d: Date, days: number): Date {
  return new Date(d.getTime() + days * 86_400_000);
}

/** How far a zone's wall clock is ahead of UTC at an instant (whole minutes, as zones are). */
export function zoneOffsetMs(at: Date, timezone: string): number {
  const wall = localWallTime(at, timezone);
  const wallAsUtc = new Date(`${wall.date}T00:00:00Z`).getTime() + wall.minutes * 60_000;
  return wallAsUtc - Math.floor(at.getTime() / 60_000) * 60_000;
}

/** The instant a calendar day starts in a time zone ('2026-11-22' in Asia/Vientiane → 17:00Z the day before). */
export function startOfDayIn(date: string, timezone: string): Date {
  const midnightUtc = new Date(`${date}T00:00:00Z`).getTime();
  // Twice: the offset at the guess can differ from the offset at the answer around a DST change.
  let guess = midnightUtc - zoneOffsetMs(new Date(midnightUtc), timezone);
  guess = midnightUtc - zoneOffsetMs(new Date(guess), timezone);
  return new Date(guess);
}

const laoDateTimeFormat = new Intl.DateTimeFormat('en-GB', {
  timeZone: 'Asia/Vientiane',
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});

/** '24/11/2026 14:05' in Asia/Vientiane: how a time reads in a message to a person (GLOSSARY-lo.md). */
export function laoDateTime(d: Date): string {
  return laoDateTimeFormat.format(d).replace(',', '');
}
