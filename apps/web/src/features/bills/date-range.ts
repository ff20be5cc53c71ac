import { calendarDate } from '@parking-hub/contracts/business-day';

/** The quick choices above the history: each is a range of check-in calendar days. */
export const RANGE_PRESETS = ['today', 'yesterday', 'last7', 'last30'] as const;
export type RangePreset = (typeof RANGE_PRESETS)[number];

export interface DateRange {
  from: string;
  to: string;
}

const DAYS_BACK: Record<RangePreset, [number, number]> = {
  today: [0, 0],
  yesterday: [1, 1],
  last7: [6, 0],
  last30: [29, 0],
};

/** 'YYYY-MM-DD' moved by whole days (calendar arithmetic, no time zone involved). */
export function addDays(date: string, days: number): string {
  const [y = 0, m = 1, d = 1] = date.split('-').map(Number);
  return new Date(Date.UTC(y, m - 1, d + days)).toISOString().slice(0, 10);
}

/** The days a preset covers, as the shop's wall calendar shows them at `now`. */
export function presetRange(preset: RangePreset, now: Date, timeZone: string): DateRange {
  const today = calendarDate(now, timeZone);
  const [back, end] = DAYS_BACK[preset];
  return { from: addDays(today, -back), to: addDays(today, -end) };
}

/** Which preset a range is, to highlight its chip; null for a range chosen by hand. */
export function presetOf(range: DateRange, now: Date, timeZone: string): RangePreset | null {
  return (
    RANGE_PRESETS.find((p) => {
      const r = presetRange(p, now, timeZone);
      return r.from === range.from && r.to === range.to;
    }) ?? null
  );
}

/**
 * The range to ask for: the URL's dates, or today when the URL has none (the history opens on
 * today's bills). One date alone leaves the other end open.
 */
export function effectiveRange(url: Partial<DateRange>, now: Date, timeZone: string): Partial<DateRange> {
  if (!url.from && !url.to) return presetRange('today', now, timeZone);
  return { from: url.from || undefined, to: url.to || undefined };
}
