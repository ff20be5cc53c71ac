/**
 * A shop's business day (decision 007). Pure: the server and the web bundle it alike, so no clock,
 * no I/O and no zod here.
 */

/** Opening hours ('HH:mm', closing may be after midnight) in the shop's IANA time zone. */
export interface ShopHours {
  timezone: string;
  openShop: string | null;
  closeShop: string | null;
}

/** A shop's zone unless it says otherwise (the database column's default too). */
export const DEFAULT_TIMEZONE = 'Asia/Vientiane';
const DAY_MINUTES = 1440;
const DAY_MS = 86_400_000;

/** Minutes of the day of an 'HH:mm' time. */
export function parseHhmm(s: string): number {
  const m = /^([01]\d|2[0-3]):([0-5]\d)$/.exec(s.trim());
  if (!m) throw new RangeError(`Not an HH:mm time: ${JSON.stringify(s)}`);
  return Number(m[1]) * 60 + Number(m[2]);
}

/**
 * Where the business day changes, in minutes of the local day: the middle of the closed hours, so
 * early arrivals and late departures belong to the nearer day. A shop open around the clock is
 * cut at its opening time, one without hours at midnight.
 */
export function dayCutMinutes(hours: Pick<ShopHours, 'openShop' | 'closeShop'>): number {
  if (!hours.openShop || !hours.closeShop) return 0;
  const open = parseHhmm(hours.openShop);
  const close = parseHhmm(hours.closeShop);
  if (open === close) return open;
  const closed = mod(open - close, DAY_MINUTES);
  return (close + Math.floor(closed / 2)) % DAY_MINUTES;
}

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterFor(timezone: string): Intl.DateTimeFormat {
  let f = formatters.get(timezone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone: timezone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    });
    formatters.set(timezone, f);
  }
  return f;
}

const QUARTER_MS = 900_000;
const offsetCache = new Map<string, Map<number, number>>();

/**
 * The zone's offset from UTC in minutes during the quarter hour holding `instant`. Zones change
 * offset only on quarter-hour boundaries, so one Intl call serves the whole quarter: reports and
 * the demo generator compute millions of business dates.
 */
function offsetMinutes(instant: Date, timezone: string): number {
  const quarter = Math.floor(instant.getTime() / QUARTER_MS);
  let zone = offsetCache.get(timezone);
  if (!zone) {
    zone = new Map();
    offsetCache.set(timezone, zone);
  }
  const cached = zone.get(quarter);
  if (cached !== undefined) return cached;
  const start = new Date(quarter * QUARTER_MS);
  const parts: Record<string, string> = {};
  for (const p of formatterFor(timezone).formatToParts(start)) parts[p.type] = p.value;
  // Some engines still print midnight as hour 24 despite h23.
  const wall = Date.UTC(
    Number(parts.year),
    Number(parts.month) - 1,
    Number(parts.day),
    Number(parts.hour) % 24,
    Number(parts.minute),
  );
  const offset = Math.round((wall - start.getTime()) / 60_000);
  if (zone.size > 100_000) zone.clear();
  zone.set(quarter, offset);
  return offset;
}

/** Whole minutes since 1970-01-01 00:00 on the zone's wall clock (seconds dropped). */
function wallMinutesOf(instant: Date, timezone: string): number {
  return Math.floor(instant.getTime() / 60_000) + offsetMinutes(instant, timezone || DEFAULT_TIMEZONE);
}

const dateOfDay = (day: number) => new Date(day * DAY_MS).toISOString().slice(0, 10);

/** The calendar date and minute of day shown by a wall clock in `timezone` at `instant`. */
export function localWallTime(instant: Date, timezone: string): { date: string; minutes: number } {
  const wall = wallMinutesOf(instant, timezone);
  const day = Math.floor(wall / DAY_MINUTES);
  return { date: dateOfDay(day), minutes: wall - day * DAY_MINUTES };
}

/** The local calendar date ('YYYY-MM-DD') of `instant` in `timezone`. */
export function calendarDate(instant: Date, timezone: string): string {
  return localWallTime(instant, timezone).date;
}

/**
 * The business date ('YYYY-MM-DD') `instant` belongs to: the calendar date its business day opens
 * on. The cut is taken off the wall clock, not the instant, so a daylight-saving change cannot
 * move the boundary by an hour.
 */
export function businessDate(instant: Date, hours: ShopHours): string {
  return dateOfDay(businessDayNumber(instant, hours));
}

/** The business date as whole days since 1970-01-01 (nights are differences of these). */
export function businessDayNumber(instant: Date, hours: ShopHours): number {
  const { cut, shift } = dayShape(hours);
  return Math.floor((wallMinutesOf(instant, hours.timezone) - cut) / DAY_MINUTES) + shift;
}

const shapes = new Map<string, { cut: number; shift: number }>();

/** The cut, and +1 for a day that opens before its cut (02:00–14:00, cut 20:00): cached per hours. */
function dayShape(hours: Pick<ShopHours, 'openShop' | 'closeShop'>): { cut: number; shift: number } {
  const key = `${hours.openShop ?? ''}|${hours.closeShop ?? ''}`;
  let shape = shapes.get(key);
  if (!shape) {
    const cut = dayCutMinutes(hours);
    const open = hours.openShop && hours.closeShop ? parseHhmm(hours.openShop) : 0;
    shape = { cut, shift: open < cut ? 1 : 0 };
    if (shapes.size > 10_000) shapes.clear();
    shapes.set(key, shape);
  }
  return shape;
}

function dateToUtcMs(date: string): number {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date);
  if (!m) throw new RangeError(`Not a YYYY-MM-DD date: ${JSON.stringify(date)}`);
  const ms = Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]));
  if (new Date(ms).toISOString().slice(0, 10) !== date) throw new RangeError(`No such date: ${date}`);
  return ms;
}

/** `date` moved by whole calendar days. */
export function addDaysToDate(date: string, days: number): string {
  return new Date(dateToUtcMs(date) + days * DAY_MS).toISOString().slice(0, 10);
}

/** 'YYYY-MM-DD' → 'dd/mm/yyyy' (GLOSSARY-lo.md): a day, so no time zone shifts it; '' for none. */
export function dayText(date: string | null | undefined): string {
  return date ? date.split('-').reverse().join('/') : '';
}

/** b − a in whole calendar days. */
export function daysBetween(a: string, b: string): number {
  return Math.round((dateToUtcMs(b) - dateToUtcMs(a)) / DAY_MS);
}

function mod(n: number, m: number): number {
  return ((n % m) + m) % m;
}
