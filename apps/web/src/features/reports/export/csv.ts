import { type Cell, type ExportSheet, sheetLines } from './sheet';

/** Byte order mark: without it Excel reads UTF-8 as the local code page and Lao is garbled. */
export const BOM = '\uFEFF';

/** Text a spreadsheet would run as a formula (=, +, -, @ first) is kept as text with a quote. */
const FORMULA_START = /^[=+\-@\t\r]/;

export function csvCell(cell: Cell): string {
  if (cell === null) return '';
  if (typeof cell === 'number') return Number.isFinite(cell) ? String(cell) : '';
  const text = FORMULA_START.test(cell) ? `'${cell}` : cell;
  return /[",\r\n]|^\s|\s$/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** RFC 4180 CSV (CRLF lines) with a BOM; several sheets follow each other after a blank line. */
export function buildCsv(sheets: ExportSheet[]): string {
  const blocks = sheets.map((sheet) =>
    sheetLines(sheet)
      .map((line) => line.map(csvCell).join(','))
      .join('\r\n'),
  );
  return `${BOM}${blocks.join('\r\n\r\n')}\r\n`;
}
