/** Axis arithmetic of the report chart, kept pure so it is tested without a browser. */

export interface NiceScale {
  /** The axis top: a round number at or above the largest value (1 for an all-zero series). */
  max: number;
  ticks: number[];
}

/** Round ticks from 0 to at least `max`: steps of 1, 2, 2.5 or 5 times a power of ten. */
export function niceScale(max: number, count = 4): NiceScale {
  if (!Number.isFinite(max) || max <= 0) return { max: 1, ticks: [0, 1] };
  const raw = max / count;
  const power = 10 ** Math.floor(Math.log10(raw));
  const step = ([1, 2, 2.5, 5, 10].find((m) => m * power >= raw) ?? 10) * power;
  // Whole numbers only: counts and kip have no fractions.
  const whole = Math.max(1, Math.ceil(step));
  const top = Math.ceil(max / whole) * whole;
  const ticks: number[] = [];
  for (let v = 0; v <= top; v += whole) ticks.push(v);
  return { max: top, ticks };
}

/** Show every n-th x label so labels of `labelWidth` px never overlap in `plotWidth` px. */
export function labelStride(count: number, plotWidth: number, labelWidth: number): number {
  if (count <= 0 || plotWidth <= 0) return 1;
  const fits = Math.max(1, Math.floor(plotWidth / labelWidth));
  return Math.max(1, Math.ceil(count / fits));
}

const compact = new Intl.NumberFormat('en-US', { notation: 'compact', maximumFractionDigits: 1 });

/** Axis tick text: 1,500,000 → '1.5M' (the exact figure is in the tooltip and the table). */
export function tickLabel(value: number): string {
  return compact.format(value);
}

/** About how wide one character of an 11 px axis label is. */
const CHAR_PX = 6.5;

/** A label cut with '…' to about `maxPx` wide (the full one is in the tooltip). */
export function fitLabel(label: string, maxPx: number): string {
  const chars = [...label];
  const room = Math.max(1, Math.floor(maxPx / CHAR_PX));
  return chars.length <= room ? label : `${chars.slice(0, Math.max(1, room - 1)).join('')}…`;
}
