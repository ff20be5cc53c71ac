import { addDaysToDate, calendarDate } from '@parking-hub/contracts/business-day';

/** The quick choices above every report: a range of whole days, as the wall calendar shows them. */
export const REPORT_PRESETS = ['today', 'yesterday', 'thisMonth', 'lastMonth'] as const;
export type ReportPreset = (typeof REPORT_PRESETS)[number];

export interface ReportRange {
  from: string;
  to: string;
}

/** A report opens on this month so far: the usual question is "how is this month going". */
export const DEFAULT_PRESET: ReportPreset = 'thisMonth';

const monthStart = (date: string) => `${date.slice(0, 7)}-01`;

/** The days a preset covers at `now` in `timeZone` (this month runs up to today). */
export function presetRange(preset: ReportPreset, now: Date, timeZone: string): ReportRange {
  const today = calendarDate(now, timeZone);
  switch (preset) {
    case 'today':
      return { from: today, to: today };
    case 'yesterday': {
      const yesterday = addDaysToDate(today, -1);
      return { from: yesterday, to: yesterday };
    }
    case 'thisMonth':
      return { from: monthStart(today), to: today };
    case 'lastMonth': {
      const lastDay = addDaysToDate(monthStart(today), -1);
      return { from: monthStart(lastDay), to: lastDay };
    }
  }
}

/** Which preset a range is (its chip is highlighted), or null for one chosen by hand. */
export function presetOf(range: ReportRange, now: Date, timeZone: string): ReportPreset | null {
  return (
    REPORT_PRESETS.find((p) => {
      const r = presetRange(p, now, timeZone);
      return r.from === range.from && r.to === range.to;
    }) ?? null
  );
}

const DATE = /^\d{4}-\d{2}-\d{2}$/;

/**
 * The range to ask for from the URL's dates: the default preset when either is missing or not a
 * date, and the two swapped when written the wrong way round.
 */
export function rangeFromUrl(from: string, to: string, now: Date, timeZone: string): ReportRange {
  if (!DATE.test(from) || !DATE.test(to)) return presetRange(DEFAULT_PRESET, now, timeZone);
  return from <= to ? { from, to } : { from: to, to: from };
}
