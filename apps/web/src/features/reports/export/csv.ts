import { type Cell, type ExportSheet, sheetLines } from './sheet';

/** Byte order mark: without it Excel reads UTF-8 as the local code page and Lao is garbled. */
export const BOM = '\uFEFF';

/** Text a spreadsheet would run as a formula (=, +, -, @ first) is kept as text with a quote. */
const FORMULA_START = /^[=+\-@\t\r]/;

export function csvCell(cell: Cell): string {
  if (cell === null) return '';
  if (typeof cell === 'number') return Number.isFinite(cell) ? String(cell) : '';
  if (typeof cell === 'object') return csvCell(cell.text);
  const text = FORMULA_START.test(cell) ? `'${cell}` : cell;
  return /[",\r\n]|^\s|\s$/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/**
 * RFC 4180 CSV (CRLF lines) with a BOM. One table per file: a CSV has no sheets, and a second
 * table under the first would break every program that reads it as data.
 */
export function buildCsv(sheet: ExportSheet): string {
  const lines = sheetLines(sheet).map((line) => line.map(csvCell).join(','));
  return `${BOM}${lines.join('\r\n')}\r\n`;
}
