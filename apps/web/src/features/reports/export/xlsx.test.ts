import { strFromU8, unzipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { type DateCell, dateCell, type ExportSheet } from './sheet';
import { buildXlsx, columnName, dateSerial, escapeXml, sheetNames, worksheetXml } from './xlsx';

const sheet: ExportSheet = {
  name: 'ສະຫຼຸບຕາມວັນທີ',
  heading: ['ຮ້ານ <A&B>'],
  columns: ['ວັນທີ', 'ລວມ (₭)'],
  rows: [
    ['01/05/2026', 32000],
    [null, 0],
  ],
  totals: ['ລວມ', 32000],
};

/** Every cell of a worksheet as 'A1' → text or number, read back from its XML. */
function cells(xml: string): Record<string, string | number> {
  const out: Record<string, string | number> = {};
  for (const m of xml.matchAll(/<c r="([A-Z]+\d+)"([^>]*)>(.*?)<\/c>/g)) {
    const [, ref = '', attrs = '', inner = ''] = m;
    out[ref] = attrs.includes('inlineStr')
      ? (/<t[^>]*>(.*)<\/t>/.exec(inner)?.[1] ?? '')
      : Number(/<v>(.*)<\/v>/.exec(inner)?.[1]);
  }
  return out;
}

describe('xlsx parts', () => {
  it('names columns like Excel', () => {
    expect([0, 1, 25, 26, 27, 51, 52, 701, 702].map(columnName)).toEqual([
      'A',
      'B',
      'Z',
      'AA',
      'AB',
      'AZ',
      'BA',
      'ZZ',
      'AAA',
    ]);
  });

  it('escapes markup and drops characters XML cannot hold', () => {
    expect(escapeXml('a<b>&"c"')).toBe('a&lt;b&gt;&amp;&quot;c&quot;');
    expect(escapeXml('x\u0001y\u000Bz\tk')).toBe('xyz\tk');
    expect(escapeXml('ລົດ 🚗')).toBe('ລົດ 🚗');
    expect(escapeXml('a\uD800b\uDC00c')).toBe('abc');
  });

  it('makes tab names Excel accepts', () => {
    expect(sheetNames(['a/b', 'A/B', '', 'x'.repeat(40)])).toEqual([
      'a b',
      'A B 2',
      'Sheet3',
      'x'.repeat(31),
    ]);
  });

  it('writes text inline, numbers as numbers, and bolds the column names and totals', () => {
    const xml = worksheetXml(sheet);
    expect(cells(xml)).toEqual({
      A1: 'ຮ້ານ &lt;A&amp;B&gt;',
      A3: 'ວັນທີ',
      B3: 'ລວມ (₭)',
      A4: '01/05/2026',
      B4: 32000,
      B5: 0,
      A6: 'ລວມ',
      B6: 32000,
    });
    expect(xml).toContain('<c r="B4" s="1"><v>32000</v></c>');
    expect(xml).toContain('<c r="B6" s="3"><v>32000</v></c>');
    expect(xml).toContain('<c r="A3" t="inlineStr" s="2">');
  });
});

describe('buildXlsx', () => {
  it('is a zip with the workbook, its relations, styles and one worksheet per sheet, Lao intact', () => {
    const files = unzipSync(buildXlsx([sheet, { ...sheet, name: 'ຕາມພະນັກງານ', totals: undefined }]));
    expect(Object.keys(files).sort()).toEqual([
      '[Content_Types].xml',
      '_rels/.rels',
      'xl/_rels/workbook.xml.rels',
      'xl/styles.xml',
      'xl/workbook.xml',
      'xl/worksheets/sheet1.xml',
      'xl/worksheets/sheet2.xml',
    ]);
    const text = (name: string) => strFromU8(files[name] ?? new Uint8Array());
    expect(text('xl/workbook.xml')).toContain('<sheet name="ສະຫຼຸບຕາມວັນທີ" sheetId="1" r:id="rId1"/>');
    expect(text('xl/workbook.xml')).toContain('<sheet name="ຕາມພະນັກງານ" sheetId="2" r:id="rId2"/>');
    expect(text('xl/_rels/workbook.xml.rels')).toContain('Target="worksheets/sheet2.xml"');
    expect(text('[Content_Types].xml')).toContain('/xl/worksheets/sheet2.xml');
    expect(cells(text('xl/worksheets/sheet1.xml')).A6).toBe('ລວມ');
    expect(cells(text('xl/worksheets/sheet2.xml')).A6).toBeUndefined();
  });
});

const date = (text: string) => dateCell(text) as DateCell;

/** The styles part of a workbook holding `sheets`. */
const stylesXml = (sheets: ExportSheet[]) =>
  strFromU8(unzipSync(buildXlsx(sheets))['xl/styles.xml'] ?? new Uint8Array());

/** The numFmtId of cellXfs entry `index`. */
function numFmtOf(styles: string, index: number): number {
  const xfs = /<cellXfs count="(\d+)">(.*?)<\/cellXfs>/.exec(styles);
  const list = [...(xfs?.[2] ?? '').matchAll(/<xf numFmtId="(\d+)"/g)].map((m) => Number(m[1]));
  expect(list).toHaveLength(Number(xfs?.[1]));
  return list[index] ?? -1;
}

describe('dates', () => {
  it('counts serial numbers as Excel does from 01/03/1900 on, the time as the fraction of the day', () => {
    expect(dateSerial(date('25/11/2026'))).toBe(46351);
    expect(dateSerial(date('25/11/2026 14:05'))).toBe(46351 + (14 * 60 + 5) / 1440);
    expect(dateSerial(date('25/11/2026 00:00'))).toBe(46351);
    expect(dateSerial(date('25/11/2026 23:59'))).toBeLessThan(46352);
    // Excel's serials around its fictitious 29/02/1900 (60), and a few known ones.
    expect(dateSerial(date('01/03/1900'))).toBe(61);
    expect(dateSerial(date('01/01/1970'))).toBe(25569);
    expect(dateSerial(date('01/01/2000'))).toBe(36526);
    expect(dateSerial(date('29/02/2024'))).toBe(45351);
    // A month is its first day.
    expect(dateSerial(date('11/2026'))).toBe(46327);
  });

  it('keeps the wall-clock parts of the text, with no zone', () => {
    expect(dateCell('25/11/2026 14:05')).toEqual({
      year: 2026,
      month: 11,
      day: 25,
      hour: 14,
      minute: 5,
      show: 'dateTime',
      text: '25/11/2026 14:05',
    });
    expect(date('25/11/2026').show).toBe('day');
    expect(date('11/2026')).toMatchObject({ year: 2026, month: 11, day: 1, show: 'month', text: '11/2026' });
  });

  it('leaves text that is not a date as text', () => {
    for (const text of ['', 'ລວມ', '31/02/2026', '00/2026', '13/2026', '25/11/2026 24:00', '2026-11-25'])
      expect(dateCell(text)).toBe(text);
  });

  it('writes a date as its serial with the style of its format', () => {
    const styles = stylesXml([sheet]);
    const xml = worksheetXml({
      ...sheet,
      rows: [
        [date('25/11/2026'), 1],
        [date('25/11/2026 14:05'), 2],
        [date('11/2026'), 3],
      ],
    });
    expect(xml).toContain('<c r="A4" s="4"><v>46351</v></c>');
    expect(xml).toContain(`<c r="A5" s="5"><v>${46351 + 845 / 1440}</v></c>`);
    expect(xml).toContain('<c r="A6" s="6"><v>46327</v></c>');
    expect([4, 5, 6].map((s) => numFmtOf(styles, s))).toEqual([164, 165, 166]);
    // The earlier styles keep their indices: plain, #,##0, bold, bold #,##0.
    expect([0, 1, 2, 3].map((s) => numFmtOf(styles, s))).toEqual([0, 3, 0, 3]);
    expect(styles).toContain(
      '<numFmts count="3"><numFmt numFmtId="164" formatCode="dd/mm/yyyy"/><numFmt numFmtId="165" formatCode="dd/mm/yyyy hh:mm"/><numFmt numFmtId="166" formatCode="mm/yyyy"/></numFmts>',
    );
  });

  it('sizes a date column by its text', () => {
    const xml = worksheetXml({ ...sheet, rows: [[date('25/11/2026 14:05'), 1]] });
    expect(xml).toContain('<col min="1" max="1" width="18" customWidth="1"/>');
  });
});

describe('sheet layout', () => {
  const pane = (n: number) =>
    `<sheetViews><sheetView workbookViewId="0"><pane ySplit="${n}" topLeftCell="A${n + 1}" activePane="bottomLeft" state="frozen"/></sheetView></sheetViews><cols>`;

  it('freezes the rows down to the column names, before the columns', () => {
    // One heading line, a blank one: the column names are row 3.
    expect(worksheetXml(sheet)).toContain(pane(3));
    expect(worksheetXml({ ...sheet, heading: ['a', 'b', 'c'] })).toContain(pane(5));
    expect(worksheetXml({ ...sheet, heading: [] })).toContain(pane(1));
    expect(cells(worksheetXml(sheet)).A3).toBe('ວັນທີ');
  });

  it('keeps the schema order in the worksheet and the styles, with the Normal style', () => {
    const order = (xml: string, tags: string[]) => tags.map((tag) => xml.indexOf(`<${tag}`));
    const increasing = (at: number[]) => at.every((n, i) => n >= 0 && (i === 0 || n > (at[i - 1] ?? 0)));
    expect(increasing(order(worksheetXml(sheet), ['sheetViews', 'cols', 'sheetData']))).toBe(true);
    const styles = stylesXml([sheet]);
    const parts = ['numFmts', 'fonts', 'fills', 'borders', 'cellStyleXfs', 'cellXfs', 'cellStyles'];
    expect(increasing(order(styles, parts))).toBe(true);
    expect(styles).toContain(
      '<cellStyles count="1"><cellStyle name="Normal" xfId="0" builtinId="0"/></cellStyles>',
    );
    expect(/<styleSheet[^>]*>\s*<numFmts/.test(styles)).toBe(true);
  });
});
