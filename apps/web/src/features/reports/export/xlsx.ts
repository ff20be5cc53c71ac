import { strToU8, zipSync } from 'fflate';
import { type Cell, type ExportSheet, sheetLines } from './sheet';

/**
 * The smallest .xlsx Excel, LibreOffice and Google Sheets open: inline-string and number cells
 * (no shared-strings table), a bold style for the column names and totals, '#,##0' for numbers.
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

const STYLE = { plain: 0, number: 1, bold: 2, boldNumber: 3 } as const;

function cellXml(cell: Cell, ref: string, bold: boolean): string {
  if (cell === null || cell === '') return '';
  if (typeof cell === 'number') {
    if (!Number.isFinite(cell)) return '';
    return `<c r="${ref}" s="${bold ? STYLE.boldNumber : STYLE.number}"><v>${cell}</v></c>`;
  }
  const style = bold ? ` s="${STYLE.bold}"` : '';
  return `<c r="${ref}" t="inlineStr"${style}><is><t xml:space="preserve">${escapeXml(cell)}</t></is></c>`;
}

const displayLength = (cell: Cell) =>
  typeof cell === 'number' ? cell.toLocaleString('en-US').length : (cell ?? '').length;

export function worksheetXml(sheet: ExportSheet): string {
  const lines = sheetLines(sheet);
  const headerRow = sheet.heading.length ? sheet.heading.length + 1 : 0;
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
  return `${XML_HEAD}<worksheet xmlns="${MAIN_NS}"><cols>${cols}</cols><sheetData>${rows.join('')}</sheetData></worksheet>`;
}

const STYLES_XML = `${XML_HEAD}<styleSheet xmlns="${MAIN_NS}">
<fonts count="2"><font><sz val="11"/><name val="Noto Sans Lao"/></font><font><b/><sz val="11"/><name val="Noto Sans Lao"/></font></fonts>
<fills count="2"><fill><patternFill patternType="none"/></fill><fill><patternFill patternType="gray125"/></fill></fills>
<borders count="1"><border><left/><right/><top/><bottom/><diagonal/></border></borders>
<cellStyleXfs count="1"><xf numFmtId="0" fontId="0" fillId="0" borderId="0"/></cellStyleXfs>
<cellXfs count="4"><xf numFmtId="0" fontId="0" fillId="0" borderId="0" xfId="0"/><xf numFmtId="3" fontId="0" fillId="0" borderId="0" xfId="0" applyNumberFormat="1"/><xf numFmtId="0" fontId="1" fillId="0" borderId="0" xfId="0" applyFont="1"/><xf numFmtId="3" fontId="1" fillId="0" borderId="0" xfId="0" applyFont="1" applyNumberFormat="1"/></cellXfs>
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
