import { describe, expect, it } from 'vitest';
import { BOM, buildCsv, csvCell } from './csv';
import { dateCell, type ExportSheet } from './sheet';

const sheet: ExportSheet = {
  name: 'ສະຫຼຸບ',
  heading: ['ສະຫຼຸບຕາມວັນທີ', 'ຮ້ານ: ວຽງຈັນ, ສາຂາ 1'],
  columns: ['ວັນທີ', 'ລົດເຂົ້າ', 'ລວມ (₭)'],
  rows: [
    ['01/05/2026', 12, 32000],
    ['02/05/2026', 0, 0],
  ],
  totals: ['ລວມ', 12, 32000],
};

describe('csvCell', () => {
  it('quotes only what needs it and doubles quotes', () => {
    expect(csvCell('ລົດຈັກ')).toBe('ລົດຈັກ');
    expect(csvCell('a,b')).toBe('"a,b"');
    expect(csvCell('say "hi"')).toBe('"say ""hi"""');
    expect(csvCell('two\nlines')).toBe('"two\nlines"');
    expect(csvCell(' padded')).toBe('" padded"');
    expect(csvCell(null)).toBe('');
    expect(csvCell(1234567)).toBe('1234567');
    expect(csvCell(-500)).toBe('-500');
    expect(csvCell(Number.NaN)).toBe('');
  });

  it('keeps text that looks like a formula as text', () => {
    expect(csvCell('=HYPERLINK("x")')).toBe('"\'=HYPERLINK(""x"")"');
    expect(csvCell('+856 20')).toBe("'+856 20");
    expect(csvCell('-')).toBe("'-");
    expect(csvCell('@me')).toBe("'@me");
  });
});

describe('date cells', () => {
  it('are written as the text the screen shows', () => {
    expect(csvCell(dateCell('25/11/2026'))).toBe('25/11/2026');
    expect(csvCell(dateCell('25/11/2026 14:05'))).toBe('25/11/2026 14:05');
    expect(csvCell(dateCell('11/2026'))).toBe('11/2026');
    const rows = [[dateCell('01/05/2026'), 12, 32000]];
    expect(buildCsv({ ...sheet, rows })).toBe(buildCsv({ ...sheet, rows: [['01/05/2026', 12, 32000]] }));
  });
});

describe('buildCsv', () => {
  it('starts with a BOM, keeps Lao, and puts heading, columns, rows and totals on CRLF lines', () => {
    const csv = buildCsv(sheet);
    expect(csv.startsWith(BOM)).toBe(true);
    expect(csv.slice(1).split('\r\n')).toEqual([
      'ສະຫຼຸບຕາມວັນທີ',
      '"ຮ້ານ: ວຽງຈັນ, ສາຂາ 1"',
      '',
      'ວັນທີ,ລົດເຂົ້າ,ລວມ (₭)',
      '01/05/2026,12,32000',
      '02/05/2026,0,0',
      'ລວມ,12,32000',
      '',
    ]);
    expect(new TextEncoder().encode(csv).slice(0, 3)).toEqual(new Uint8Array([0xef, 0xbb, 0xbf]));
  });

  it('writes a table without heading or totals as just its columns and rows', () => {
    const csv = buildCsv({ ...sheet, heading: [], totals: undefined, rows: [['ລວມ', -5, null]] });
    expect(csv.slice(1).split('\r\n')).toEqual(['ວັນທີ,ລົດເຂົ້າ,ລວມ (₭)', 'ລວມ,-5,', '']);
  });
});
