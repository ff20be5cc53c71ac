import { strFromU8, unzipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import type { ExportSheet } from './sheet';
import { buildXlsx, columnName, escapeXml, sheetNames, worksheetXml } from './xlsx';

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
