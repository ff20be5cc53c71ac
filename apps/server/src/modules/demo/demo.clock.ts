import { dayCutMinutes, localWallTime, parseHhmm, type ShopHours } from '@parking-hub/contracts/business-day';

const QUARTER_MS = 900_000;
const DAY_MS = 86_400_000;
const DAY_MINUTES = 1440;
/** Per zone: the offset of each UTC day it does not change in, else of each quarter hour. */
const offsets = new Map<string, { days: Map<number, number>; quarters: Map<number, number> }>();

/**
 * A shop's wall clock for the demo generator, which asks it some fifty million times: calendar and
 * business days as day numbers (days since 1970-01-01), the zone's offset looked up once per UTC
 * day, or per quarter hour on a day it changes (zones change only on quarter hours, and at most
 * once a day). The business day is
 * contracts/business-day.ts's rule (cut in the middle of the closed hours; +1 when the shop opens
 * before its cut); the demo test holds the two equal.
 */
export class ShopClock {
  private readonly zone: { days: Map<number, number>; quarters: Map<number, number> };
  private readonly cut: number;
  private readonly shift: number;

  constructor(private readonly hours: ShopHours) {
    let zone = offsets.get(hours.timezone);
    if (!zone) {
      zone = { days: new Map(), quarters: new Map() };
      offsets.set(hours.timezone, zone);
    }
    this.zone = zone;
    this.cut = dayCutMinutes(hours);
    const open = hours.openShop && hours.closeShop ? parseHhmm(hours.openShop) : 0;
    this.shift = open < this.cut ? 1 : 0;
  }

  /** Whole minutes since 1970-01-01 00:00 on the shop's wall clock. */
  wallMinutes(ms: number): number {
    const day = Math.floor(ms / DAY_MS);
    let offset = this.zone.days.get(day);
    if (offset === undefined) {
      const first = this.offsetAt(day * DAY_MS);
      offset = first === this.offsetAt((day + 1) * DAY_MS) ? first : Number.NaN;
      this.zone.days.set(day, offset);
    }
    if (Number.isNaN(offset)) {
      const quarter = Math.floor(ms / QUARTER_MS) * QUARTER_MS;
      offset = this.zone.quarters.get(quarter);
      if (offset === undefined) {
        offset = this.offsetAt(quarter);
        this.zone.quarters.set(quarter, offset);
      }
    }
    return Math.floor(ms / 60_000) + offset;
  }

  /** The zone's offset in minutes at an instant on a whole minute. */
  private offsetAt(ms: number): number {
    const wall = localWallTime(new Date(ms), this.hours.timezone);
    return Date.parse(`${wall.date}T00:00:00Z`) / 60_000 + wall.minutes - ms / 60_000;
  }

  /** The local calendar day (what `at AT TIME ZONE tz)::date` gives). */
  calendarDay(ms: number): number {
    return Math.floor(this.wallMinutes(ms) / DAY_MINUTES);
  }

  businessDay(ms: number): number {
    return Math.floor((this.wallMinutes(ms) - this.cut) / DAY_MINUTES) + this.shift;
  }

  /** Minutes since local midnight. */
  minuteOfDay(ms: number): number {
    const wall = this.wallMinutes(ms);
    return wall - Math.floor(wall / DAY_MINUTES) * DAY_MINUTES;
  }
}
