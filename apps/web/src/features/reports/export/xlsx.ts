import { strToU8, zipSync } from 'fflate';
import { type Cell, columnNamesRow, type DateCell, type ExportSheet, isDateCell, sheetLines } from './sheet';

/**
 * The smallest .xlsx Excel, LibreOffice and Google Sheets open: inline-string, number and date
 * cells (no shared-strings table), a bold style for the column names and totals, '#,##0' for
 * numbers, dd/mm/yyyy dates, and the rows down to the column names frozen.
 */

const XML_HEAD = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n';
const MAIN_NS = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main';
const REL_NS = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';
const PKG_REL_NS = 'http://schemas.openxmlformats.org/package/2006/relationships';

/** XML 1.0's characters: tab, newlines, and the planes without surrogates, FFFE and FFFF. */
const xmlChar = (c: number) =>
  c === 0x9 ||
  c === 0xa ||
  c === 0xd ||
  (c >= 0x20 && c <= 0xd7ff) ||
  (c >= 0xe000 && c <= 0xfffd) ||
  c >= 0x10000;

export function escapeXml(text: string): string {
  // A lone surrogate comes out of the iteration on its own, so it is dropped too.
  return [...text]
    .filter((ch) => xmlChar(ch.codePointAt(0) ?? 0))
    .join('')
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;');
}

/** 0 → 'A', 25 → 'Z', 26 → 'AA'. */
export function columnName(index: number): string {
  let name = '';
  for (let n = index + 1; n > 0; n = Math.floor((n - 1) / 26))
    name = String.fromCharCode(65 + ((n - 1) % 26)) + name;
  return name;
}

/** Tab names: at most 31 characters, none of []:*?/\, unique in the workbook. */
export function sheetNames(names: string[]): string[] {
  const used = new Set<string>();
  return names.map((raw, i) => {
    const base =
      raw
        .replace(/[[\]:*?/\\]/g, ' ')
        .trim()
        .slice(0, 31) || `Sheet${i + 1}`;
    let name = base;
    for (let n = 2; used.has(name.toLowerCase()); n++)
      name = `${base.slice(0, 31 - String(n).length - 1)} ${n}`;
    used.add(name.toLowerCase());
    return name;
  });
}

/** Indices into styles.xml's cellXfs. */
const STYLE = { plain: 0, number: 1, bold: 2, boldNumber: 3, day: 4, dateTime: 5, month: 6 } as const;

/** Custom number formats (ids from 164, after the built-in ones). */
const DATE_FORMATS = { day: 164, dateTime: 165, month: 166 } as const;
const FORMAT_CODES: Record<keyof typeof DATE_FORMATS, string> = {
  day: 'dd/mm/yyyy',
  dateTime: 'dd/mm/yyyy hh:mm',
  month: 'mm/yyyy',
};

const DAY_MS = 86_400_000;
/** Excel's day 0. Counting from 30/12/1899 matches Excel's serials from 01/03/1900 on (Excel
 * keeps Lotus's 29/02/1900, so it is one day behind this count before then). */
const EPOCH = Date.UTC(1899, 11, 30);

/** The date's serial number: whole days since 30/12/1899, the time as the fraction of its day.
 * The wall-clock parts are written as they are: no time-zone arithmetic. */
export function dateSerial(date: DateCell): number {
  const days = (Date.UTC(date.year, date.month - 1, date.day) - EPOCH) / DAY_MS;
  return days + (date.hour * 60 + date.minute) / 1440;
}

function cellXml(cell: Cell, ref: string, bold: boolean): string {
  if (cell === null || cell === '') return '';
  // Dates are never in the bold rows (column names, totals), so they have no bold styles.
  if (isDateCell(cell)) return `<c r="${ref}" s="${STYLE[cell.show]}"><v>${dateSerial(cell)}</v></c>`;
  if (typeof cell === 'number') {
    if (!Number.isFinite(cell)) return '';
    return `<c r="${ref}" s="${bold ? STYLE.boldNumber : STYLE.number}"><v>${cell}</v></c>`;
  }
  const style = bold ? ` s="${STYLE.bold}"` : '';
  return `<c r="${ref}" t="inlineStr"${style}><is><t xml:space="preserve">${escapeXml(cell)}</t></is></c>`;
}

const displayLength = (cell: Cell) =>
  typeof cell === 'number'
    ? cell.toLocaleString('en-US').length
    : isDateCell(cell)
      ? cell.text.length
      : (cell ?? '').length;

/** Keeps the rows down to the column names in view while the rest scrolls. */
const frozenPane = (row: number) =>
  `<sheetViews><sheetView workbookViewId="0"><pane ySplit="${row}" topLeftCell="A${row + 1}" activePane="bottomLeft" state="frozen"/></sheetView></sheetViews>`;

export function worksheetXml(sheet: ExportSheet): string {
  const lines = sheetLines(sheet);
  const headerRow = columnNamesRow(sheet) - 1;
  const totalsRow = sheet.totals ? lines.length - 1 : -1;
  const rows = lines.map((line, r) => {
    const bold = r === headerRow || r === totalsRow;
    const cells = line.map((cell, c) => cellXml(cell, `${columnName(c)}${r + 1}`, bold)).join('');
    return `<row r="${r + 1}">${cells}</row>`;
  });
  // Widths from the table itself (headings may run wide over empty cells).
  const table = lines.slice(headerRow);
  const widths = sheet.columns.map((_, c) =>
    Math.min(50, Math.max(8, ...table.map((line) => displayLength(line[c] ?? null) + 2))),
  );
  const cols = widths
    .map((w, c) => `<col min="${c + 1}" max="${c + 1}" width="${w}" customWidth="1"/>`)
    .join('');
  // The schema's order: sheetViews, cols, sheetData.
  return `${XML_HEAD}<worksheet xmlns="${MAIN_NS}">${frozenPane(headerRow + 1)}<cols>${cols}</cols><sheetData>${rows.join('')}</sheetData></worksheet>`;
}

const xf = (numFmtId: number, fontId: number) =>
  `<xf numFmtId="${numFmtId}" fontId="${fontId}" fillId="0" borderId="0" xfId="0"${fontId ? ' applyFont="1"' : ''}${numFmtId ? ' applyNumberFormat="1"' : ''}/>`;

/** In STYLE's order: plain, number, bold, bold number, day, date-time, month. */
const CELL_XFS = [
  xf(0, 0),
  xf(3, 0),
  xf(0, 1),
  xf(3, 1),
  xf(DATE_FORMATS.day, 0),
  xf(DATE_FORMATS.dateTime, 0),
  xf(DATE_FORMATS.month, 0),
];

const NUM_FMTS = Object.entries(DATE_FORMATS).map(
  ([name, id]) =>
    `<numFmt numFmtId="${id}" formatCode="${escapeXml(FORMAT_CODES[name as keyof typeof DATE_FORMATS])}"/>`,
);

// The schema's order: numFmts, fonts, fills, borders, cellStyleXfs, cellXfs, cellStyles.
const STYLES_XML = `${XML_HEAD}<styleSheet xmlns="${MAIN_NS}">
<numFmts count="${NUM_FMTS.length}">${NUM_FMTS.join('')}</numFmts>
<fonts count="2"><font><sz val="11"/><name val="Noto Sans Lao"/></font><font><b/><sz val="11"/><name val="Noto Sans Lao"/></font></fonts>
<fills count="2"><fill><patternFill patternType="none"/></fill><fill><patternFill patternType="gray125"/></fill></fills>
<borders count="1"><border><left/><right/><top/><bottom/><diagonal/></border></borders>
<cellStyleXfs count="1"><xf numFmtId="0" fontId="0" fillId="0" borderId="0"/></cellStyleXfs>
<cellXfs count="${CELL_XFS.length}">${CELL_XFS.join('')}</cellXfs>
<cellStyles count="1"><cellStyle name="Normal" xfId="0" builtinId="0"/></cellStyles>
</styleSheet>`;

/** The .xlsx file (a zip of XML parts) holding one worksheet per sheet. */
export function buildXlsx(sheets: ExportSheet[]): Uint8Array {
  const names = sheetNames(sheets.map((s) => s.name));
  const ids = sheets.map((_, i) => i + 1);
  const files: Record<string, Uint8Array> = {
    '[Content_Types].xml': strToU8(
      `${XML_HEAD}<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">` +
        '<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>' +
        '<Default Extension="xml" ContentType="application/xml"/>' +
        '<Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/>' +
        '<Override PartName="/xl/styles.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.styles+xml"/>' +
        ids
          .map(
            (id) =>
              `<Override PartName="/xl/worksheets/sheet${id}.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/>`,
          )
          .join('') +
        '</Types>',
    ),
    '_rels/.rels': strToU8(
      `${XML_HEAD}<Relationships xmlns="${PKG_REL_NS}"><Relationship Id="rId1" Type="${REL_NS}/officeDocument" Target="xl/workbook.xml"/></Relationships>`,
    ),
    'xl/workbook.xml': strToU8(
      `${XML_HEAD}<workbook xmlns="${MAIN_NS}" xmlns:r="${REL_NS}"><sheets>${ids
        .map((id, i) => `<sheet name="${escapeXml(names[i] ?? '')}" sheetId="${id}" r:id="rId${id}"/>`)
        .join('')}</sheets></workbook>`,
    ),
    'xl/_rels/workbook.xml.rels': strToU8(
      `${XML_HEAD}<Relationships xmlns="${PKG_REL_NS}">${ids
        .map(
          (id) =>
            `<Relationship Id="rId${id}" Type="${REL_NS}/worksheet" Target="worksheets/sheet${id}.xml"/>`,
        )
        .join(
          '',
        )}<Relationship Id="rId${ids.length + 1}" Type="${REL_NS}/styles" Target="styles.xml"/></Relationships>`,
    ),
    'xl/styles.xml': strToU8(STYLES_XML),
  };
  sheets.forEach((sheet, i) => {
    files[`xl/worksheets/sheet${i + 1}.xml`] = strToU8(worksheetXml(sheet));
  });
  return zipSync(files, { level: 6 });
}
