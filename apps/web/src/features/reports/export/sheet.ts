/**
 * A date as the screen shows it: the wall-clock day (and time) in the shop's zone, no zone of its
 * own. The xlsx writes it as a date Excel can sort and filter; the CSV writes `text`.
 */
export interface DateCell {
  /** Month 1–12; hour and minute are 0 without a time. */
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  /** What it shows: a day, a month (its first day), or a day with its time. */
  show: 'day' | 'month' | 'dateTime';
  /** The screen's text: '25/11/2026', '11/2026' or '25/11/2026 14:05'. */
  text: string;
}

/** One cell of an export: text, a number (kip or a count), a date, or nothing. */
export type Cell = string | number | DateCell | null;

/** A table as it is exported: a few heading lines, the column names, the rows and the totals. */
export interface ExportSheet {
  /** The sheet's tab name in Excel (cut to 31 characters). */
  name: string;
  /** Lines above the table: the report, the shop(s), the period. */
  heading: string[];
  columns: string[];
  rows: Cell[][];
  totals?: Cell[];
}

const DATE_TEXT = /^(?:(\d{2})\/)?(\d{2})\/(\d{4})(?: (\d{2}):(\d{2}))?$/;

/**
 * A date cell from the screen's own text ('dd/mm/yyyy', 'dd/mm/yyyy hh:mm' as lib/format.ts
 * writes them, 'mm/yyyy' for a month). Built from the text, so the screen, the CSV and the Excel
 * date cannot disagree; any other text (an empty date) stays text.
 */
export function dateCell(text: string): Cell {
  const m = DATE_TEXT.exec(text);
  if (!m) return text;
  const [, day, month = '', year = '', hour, minute] = m;
  const parts = {
    year: Number(year),
    month: Number(month),
    day: day ? Number(day) : 1,
    hour: hour ? Number(hour) : 0,
    minute: minute ? Number(minute) : 0,
  };
  const valid =
    parts.month >= 1 &&
    parts.month <= 12 &&
    parts.day >= 1 &&
    parts.day <= new Date(Date.UTC(parts.year, parts.month, 0)).getUTCDate() &&
    parts.hour < 24 &&
    parts.minute < 60;
  if (!valid) return text;
  return { ...parts, show: !day ? 'month' : hour ? 'dateTime' : 'day', text };
}

export const isDateCell = (cell: Cell): cell is DateCell => typeof cell === 'object' && cell !== null;

/** Each sheet's lines from top to bottom: heading, a blank line, columns, rows, totals. */
export function sheetLines(sheet: ExportSheet): Cell[][] {
  return [
    ...sheet.heading.map((line) => [line]),
    ...(sheet.heading.length ? [[]] : []),
    sheet.columns,
    ...sheet.rows,
    ...(sheet.totals ? [sheet.totals] : []),
  ];
}

/** The row number (from 1) of the column names: below the heading lines and a blank one. */
export const columnNamesRow = (sheet: ExportSheet): number =>
  sheet.heading.length ? sheet.heading.length + 2 : 1;
