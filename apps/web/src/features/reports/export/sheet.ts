/** One cell of an export: text, a number (kip or a count), or nothing. */
export type Cell = string | number | null;

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
