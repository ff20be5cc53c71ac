import { readFileSync } from 'node:fs';
import type { Download, Locator } from '@playwright/test';
import { strFromU8, unzipSync } from 'fflate';

export type Cell = string | number | null;

/** RFC 4180 CSV (quoted fields, doubled quotes, CRLF) into rows of text. */
export function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  const endField = () => {
    row.push(field);
    field = '';
  };
  for (let i = 0; i < text.length; i++) {
    const ch = text[i];
    if (quoted && ch === '"' && text[i + 1] === '"') {
      field += '"';
      i++;
    } else if (ch === '"') quoted = !quoted;
    else if (quoted || (ch !== ',' && ch !== '\n' && ch !== '\r')) field += ch;
    else if (ch === ',') endField();
    else if (ch === '\n') {
      endField();
      rows.push(row);
      row = [];
    }
  }
  if (field || row.length) {
    endField();
    rows.push(row);
  }
  return rows;
}

const unescapeXml = (s: string) =>
  s.replaceAll('&lt;', '<').replaceAll('&gt;', '>').replaceAll('&quot;', '"').replaceAll('&amp;', '&');

function columnIndex(ref: string): number {
  let n = 0;
  for (const ch of /^[A-Z]+/.exec(ref)?.[0] ?? '') n = n * 26 + ch.charCodeAt(0) - 64;
  return n - 1;
}

/** The sheets of an .xlsx (inline strings and numbers), each as rows of cells by position. */
export function readXlsx(bytes: Uint8Array): { names: string[]; sheets: Cell[][][] } {
  const files = unzipSync(bytes);
  const text = (name: string) => {
    const file = files[name];
    if (!file) throw new Error(`${name} is not in the workbook`);
    return strFromU8(file);
  };
  const names = [...text('xl/workbook.xml').matchAll(/<sheet name="([^"]*)"/g)].map((m) =>
    unescapeXml(m[1] ?? ''),
  );
  const sheets = names.map((_, i) => {
    const rows: Cell[][] = [];
    for (const r of text(`xl/worksheets/sheet${i + 1}.xml`).matchAll(/<row r="(\d+)">(.*?)<\/row>/g)) {
      const row: Cell[] = [];
      for (const c of (r[2] ?? '').matchAll(/<c r="([A-Z]+)\d+"([^>]*)>(.*?)<\/c>/g)) {
        const [, ref = '', attrs = '', inner = ''] = c;
        row[columnIndex(ref)] = attrs.includes('inlineStr')
          ? unescapeXml(/<t[^>]*>(.*?)<\/t>/s.exec(inner)?.[1] ?? '')
          : Number(/<v>(.*?)<\/v>/.exec(inner)?.[1]);
      }
      rows[Number(r[1]) - 1] = Array.from(row, (v) => v ?? null);
    }
    return Array.from(rows, (v) => v ?? []);
  });
  return { names, sheets };
}

/**
 * The table in a sheet's rows: from the row whose first cell is `firstHeader`, its totals row
 * (the last one) as header → value.
 */
export function totalsByHeader(rows: Cell[][], firstHeader: string): Record<string, Cell> {
  const at = rows.findIndex((r) => r[0] === firstHeader);
  if (at < 0) throw new Error(`no table headed ${firstHeader}`);
  const headers = rows[at] ?? [];
  const totals = rows.filter((r) => r.some((v) => v !== null && v !== '')).at(-1) ?? [];
  return Object.fromEntries(headers.map((h, i) => [String(h), totals[i] ?? null]));
}

/** A downloaded file's bytes. */
export async function downloaded(download: Download): Promise<Buffer> {
  const file = await download.path();
  return readFileSync(file);
}

/** The text of a totals-row cell on screen. */
export const totalCell = (table: Locator, col: string) =>
  table.getByTestId('totals-row').locator(`[data-col="${col}"]`);
