import { addDaysToDate, daysBetween } from '@parking-hub/contracts/business-day';

/**
 * Which `plate_visits` rows make up a period (decisions 010 and 023). The table holds each pair's
 * visits per day ('d'), month ('m'), year ('y') and thirteen months from a month's first day ('r',
 * migration 0022); a period is read as a sum of such rows with a sign: whole years and months
 * inside it, days at its ends, or a whole month, year or thirteen months less what lies outside
 * the period, whichever reads fewer rows. Rows past the horizon (no visit can be dated there yet)
 * cost nothing to read, so "this month so far" is its month row less the days to come.
 */
export interface VisitPart {
  grain: 'd' | 'm' | 'y' | 'r';
  /** First and last row date of the part: a day, a month's 1st or a year's January 1st. */
  from: string;
  to: string;
  sign: 1 | -1;
}

/**
 * What reading a row costs, in day rows of one pair: a regular who comes a few times a month has
 * about as many month rows as day rows in a month, one who comes daily has 30; a year row stands
 * for 12 month rows. A middle guess that keeps whole months and years where they save most.
 */
const COST = { d: 1, m: 8, y: 16, r: 16 } as const;

/** The months a window row ('r') spans from its first day. */
export const WINDOW_MONTHS = 13;

interface Plan {
  parts: VisitPart[];
  cost: number;
}

/** The first day of a date's month, and of the month after it. */
export const firstOfMonth = (date: string) => `${date.slice(0, 7)}-01`;
export const nextMonth = (date: string) => {
  const [y = 0, m = 1] = date.split('-').map(Number);
  return m === 12 ? `${y + 1}-01-01` : `${y}-${String(m + 1).padStart(2, '0')}-01`;
};
/** The first day of the month `n` months after a month's first day. */
export const addMonths = (first: string, n: number) => {
  const [y = 0, m = 1] = first.split('-').map(Number);
  const months = y * 12 + (m - 1) + n;
  return `${Math.floor(months / 12)}-${String((months % 12) + 1).padStart(2, '0')}-01`;
};
const yearOf = (date: string) => date.slice(0, 4);
const yearStart = (date: string) => `${yearOf(date)}-01-01`;
const monthEnd = (date: string) => addDaysToDate(nextMonth(date), -1);

const negate = (p: Plan): Plan => ({
  parts: p.parts.map((x) => ({ ...x, sign: x.sign === 1 ? -1 : 1 })),
  cost: p.cost,
});
const join = (...plans: Plan[]): Plan => ({
  parts: plans.flatMap((p) => p.parts),
  cost: plans.reduce((a, p) => a + p.cost, 0),
});
const cheaper = (a: Plan, b: Plan) => (b.cost < a.cost ? b : a);
const none: Plan = { parts: [], cost: 0 };

/** Days [a, b] as one day part; its cost counts only the days up to the horizon. */
function days(a: string, b: string, horizon: string): Plan {
  if (a > b) return none;
  const counted = a > horizon ? 0 : daysBetween(a, b < horizon ? b : horizon) + 1;
  return { parts: [{ grain: 'd', from: a, to: b, sign: 1 }], cost: counted * COST.d };
}

/** [a, b] within one month. */
function inMonth(a: string, b: string, horizon: string): Plan {
  const start = firstOfMonth(a);
  const end = monthEnd(a);
  const whole: Plan = {
    parts: [{ grain: 'm', from: start, to: start, sign: 1 }],
    cost: start > horizon ? 0 : COST.m,
  };
  if (a === start && b === end) return whole;
  const outside = join(days(start, addDaysToDate(a, -1), horizon), days(addDaysToDate(b, 1), end, horizon));
  return cheaper(days(a, b, horizon), join(whole, negate(outside)));
}

/** [a, b] within one year, month by month. */
function inYearByMonths(a: string, b: string, horizon: string): Plan {
  if (a > b) return none;
  const plans: Plan[] = [];
  for (let m = firstOfMonth(a); m <= b; m = nextMonth(m)) {
    const from = a > m ? a : m;
    const to = b < monthEnd(m) ? b : monthEnd(m);
    plans.push(inMonth(from, to, horizon));
  }
  return join(...plans);
}

/** [a, b] within one year. */
function inYear(a: string, b: string, horizon: string): Plan {
  const start = yearStart(a);
  const end = `${yearOf(a)}-12-31`;
  const whole: Plan = {
    parts: [{ grain: 'y', from: start, to: start, sign: 1 }],
    cost: start > horizon ? 0 : COST.y,
  };
  if (a === start && b === end) return whole;
  const outside = join(
    inYearByMonths(start, addDaysToDate(a, -1), horizon),
    inYearByMonths(addDaysToDate(b, 1), end, horizon),
  );
  return cheaper(inYearByMonths(a, b, horizon), join(whole, negate(outside)));
}

/** [a, b] year by year, each the cheaper way. */
function cheapest(a: string, b: string, horizon: string): Plan {
  const plans: Plan[] = [];
  for (let y = yearStart(a); y <= b; y = `${Number(yearOf(y)) + 1}-01-01`) {
    const from = a > y ? a : y;
    const yEnd = `${yearOf(y)}-12-31`;
    plans.push(inYear(from, b < yEnd ? b : yEnd, horizon));
  }
  return join(...plans);
}

/** [a, b] as its own whole years, whole months and days, every part added (none taken away). */
function added(a: string, b: string, horizon: string): Plan {
  const plans: Plan[] = [];
  for (let m = firstOfMonth(a); m <= b; m = nextMonth(m)) {
    const from = a > m ? a : m;
    const to = b < monthEnd(m) ? b : monthEnd(m);
    const whole = from === m && to === monthEnd(m);
    plans.push(
      whole
        ? { parts: [{ grain: 'm', from: m, to: m, sign: 1 }], cost: m > horizon ? 0 : COST.m }
        : days(from, to, horizon),
    );
  }
  return join(...plans);
}

/**
 * [from, to] as the window row of from's month ('r') less what lies outside the period, when the
 * window holds the period (thirteen calendar months at most). What is taken away is read either
 * the cheaper way or as parts that are all taken away (`added`, negated), which the report reads
 * without looking pairs up (customers.repository.ts).
 */
function windows(from: string, to: string, horizon: string): Plan[] {
  const start = firstOfMonth(from);
  const end = addDaysToDate(addMonths(start, WINDOW_MONTHS), -1);
  if (to > end) return [];
  const whole: Plan = {
    parts: [{ grain: 'r', from: start, to: start, sign: 1 }],
    cost: start > horizon ? 0 : COST.r,
  };
  const before = addDaysToDate(from, -1);
  const after = addDaysToDate(to, 1);
  const outside = (f: (a: string, b: string, h: string) => Plan) =>
    join(start <= before ? f(start, before, horizon) : none, after <= end ? f(after, end, horizon) : none);
  return [join(whole, negate(outside(cheapest))), join(whole, negate(outside(added)))];
}

/** What reading one part costs (days past the horizon nothing). */
function partCost(x: VisitPart, horizon: string): number {
  if (x.grain !== 'd') return x.from > horizon ? 0 : COST[x.grain];
  return x.from > horizon ? 0 : daysBetween(x.from, x.to < horizon ? x.to : horizon) + 1;
}

/**
 * What a plan costs the report: its rows, and three times the rows of every part added besides
 * the largest one, whose pairs are looked up in the largest or joined with it
 * (customers.repository.ts); parts taken away only lower counts and need neither.
 */
function readCost(p: Plan, horizon: string): number {
  const added = p.parts.filter((x) => x.sign > 0).map((x) => partCost(x, horizon));
  return p.cost + 2 * (added.reduce((a, b) => a + b, 0) - Math.max(0, ...added));
}

/**
 * The signed parts whose rows sum to the visits of [from, to] (dates, inclusive), each year and
 * month a part of its own. `horizon` is the last date a visit can have yet (later rows are empty).
 */
export function visitParts(from: string, to: string, horizon: string): VisitPart[] {
  const plans = [cheapest(from, to, horizon), ...windows(from, to, horizon)];
  return plans.reduce((best, p) => (readCost(p, horizon) < readCost(best, horizon) ? p : best)).parts;
}
