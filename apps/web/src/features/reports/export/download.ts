import { buildCsv } from './csv';
import type { ExportSheet } from './sheet';
import { buildXlsx } from './xlsx';

export type ExportFormat = 'csv' | 'xlsx';

const TYPES: Record<ExportFormat, string> = {
  csv: 'text/csv;charset=utf-8',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
};

/**
 * Saves the report as `<baseName>.csv` (its first, main table) or `.xlsx` (every sheet) through
 * the browser's download.
 */
export function downloadReport(sheets: ExportSheet[], format: ExportFormat, baseName: string): void {
  const [main] = sheets;
  if (!main) return;
  const content = format === 'csv' ? buildCsv(main) : buildXlsx(sheets);
  const blob = new Blob([content as BlobPart], { type: TYPES[format] });
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = `${baseName}.${format}`;
  document.body.append(link);
  link.click();
  link.remove();
  // The browser has taken the file once the click's task is over.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}
