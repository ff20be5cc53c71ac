import { inflateSync } from 'node:zlib';
import { create } from 'qrcode';
import { describe, expect, it } from 'vitest';
import { parseEmvco, parseTlv } from './emvco.ts';
import { asciiText, laoQrImage, laoQrPayload, type QrReceiver } from './lao-qr.ts';

const RECEIVER: QrReceiver = {
  iin: '12345678',
  receiverId: 'ABC123XYZ',
  merchantName: 'Talat Sao Parking',
  merchantCity: 'Vientiane',
  mcc: '7523',
};

// Pinned so that any change to the layout is a deliberate one (CRC cross-checked with Python's
// binascii.crc_hqx, an independent CRC-16/CCITT implementation).
const EXAMPLE =
  '00020101021238520016A00526628466257701081234567802030020309ABC123XYZ5204752353034185404' +
  '50005802LA5917Talat Sao Parking6009Vientiane62060102426304D351';

function decode(payload: string) {
  const { fields, crcValid } = parseEmvco(payload);
  return { fields, crcValid, order: parseTlv(payload).map((entry) => entry.tag) };
}

describe('laoQrPayload, dynamic', () => {
  const payload = laoQrPayload(RECEIVER, { amount: 5000, billNumber: '42' });

  it('produces the pinned example', () => {
    expect(payload).toBe(EXAMPLE);
  });

  it('carries every tag with the expected value, in order, with a valid CRC', () => {
    const { fields, crcValid, order } = decode(payload);
    expect(crcValid).toBe(true);
    expect(order).toEqual(['00', '01', '38', '52', '53', '54', '58', '59', '60', '62', '63']);
    expect(fields['00']).toBe('01');
    expect(fields['01']).toBe('12');
    expect(parseTlv(fields['38'] ?? '')).toEqual([
      { tag: '00', value: 'A005266284662577' },
      { tag: '01', value: '12345678' },
      { tag: '02', value: '002' },
      { tag: '03', value: 'ABC123XYZ' },
    ]);
    expect(fields['52']).toBe('7523');
    expect(fields['53']).toBe('418');
    expect(fields['54']).toBe('5000');
    expect(fields['58']).toBe('LA');
    expect(fields['59']).toBe('Talat Sao Parking');
    expect(fields['60']).toBe('Vientiane');
    expect(parseTlv(fields['62'] ?? '')).toEqual([{ tag: '01', value: '42' }]);
    expect(fields['63']).toMatch(/^[0-9A-F]{4}$/);
    expect(payload.endsWith(`6304${fields['63']}`)).toBe(true);
  });

  it('no longer verifies once a character is changed', () => {
    const tampered = payload.replace('5000', '5001');
    expect(decode(tampered).crcValid).toBe(false);
    expect(decode(payload.replace('Talat', 'Talet')).crcValid).toBe(false);
  });

  it('writes large amounts as plain integers', () => {
    const { fields } = decode(laoQrPayload(RECEIVER, { amount: 1_234_567_890_123 }));
    expect(fields['54']).toBe('1234567890123');
  });
});

describe('laoQrPayload, static', () => {
  it('has method 11 and neither amount nor additional data', () => {
    const { fields, crcValid, order } = decode(laoQrPayload(RECEIVER, {}));
    expect(crcValid).toBe(true);
    expect(fields['01']).toBe('11');
    expect(order).toEqual(['00', '01', '38', '52', '53', '58', '59', '60', '63']);
    expect(laoQrPayload(RECEIVER)).toBe(laoQrPayload(RECEIVER, {}));
  });

  it('may still carry a bill number', () => {
    const { fields } = decode(laoQrPayload(RECEIVER, { billNumber: 'B-000123' }));
    expect(fields['01']).toBe('11');
    expect(fields['54']).toBeUndefined();
    expect(parseTlv(fields['62'] ?? '')).toEqual([{ tag: '01', value: 'B-000123' }]);
  });
});

describe('merchant name and city', () => {
  it('drop accents and other non-ASCII, keeping the payload ASCII', () => {
    const payload = laoQrPayload(
      { ...RECEIVER, merchantName: 'ລານຈອດ Café Đà Nẵng', merchantCity: 'Luang Prabāng' },
      { amount: 1000 },
    );
    const { fields, crcValid } = decode(payload);
    expect(crcValid).toBe(true);
    expect(fields['59']).toBe('Cafe Da Nang');
    expect(fields['60']).toBe('Luang Prabang');
    expect(payload).toMatch(/^[\x20-\x7e]+$/);
  });

  it('fall back when nothing ASCII is left', () => {
    const { fields } = decode(
      laoQrPayload({ ...RECEIVER, merchantName: 'ລານຈອດລົດຕະຫຼາດເຊົ້າ', merchantCity: 'ວຽງຈັນ' }),
    );
    expect(fields['59']).toBe('PARKING');
    expect(fields['60']).toBe('VIENTIANE');
  });

  it('are cut to 25 and 15 characters', () => {
    const { fields } = decode(
      laoQrPayload({
        ...RECEIVER,
        merchantName: 'Vientiane Centre Parking Building B',
        merchantCity: 'Vientiane Capital City',
      }),
    );
    expect(fields['59']).toBe('Vientiane Centre Parking');
    expect(fields['60']).toBe('Vientiane Capit');
  });

  it('transliterate letters that do not decompose, and tidy spaces', () => {
    expect(asciiText('  Straße\t\u00a0Øst  Łódź  ', 25, 'X')).toBe('Strasse Ost Lodz');
    expect(asciiText('ＰＡＲＫ', 25, 'X')).toBe('PARK');
    expect(asciiText('   ', 25, 'X')).toBe('X');
  });
});

describe('refusals', () => {
  it('refuses an amount that is not a whole number of kip above 0', () => {
    for (const amount of [0, -1, -5000, 12.5, 0.1, Number.NaN, Number.POSITIVE_INFINITY, 2 ** 53]) {
      expect(() => laoQrPayload(RECEIVER, { amount }), String(amount)).toThrow(/amount/);
    }
    expect(() => laoQrPayload(RECEIVER, { amount: 10_000_000_000_000 })).toThrow(/too large/);
  });

  it('refuses a bill number that is too long, empty or not ASCII', () => {
    expect(() => laoQrPayload(RECEIVER, { billNumber: '1'.repeat(26) })).toThrow(/bill number/);
    expect(() => laoQrPayload(RECEIVER, { billNumber: '  ' })).toThrow(/bill number/);
    expect(() => laoQrPayload(RECEIVER, { billNumber: 'ບິນ 42' })).toThrow(/bill number/);
    expect(decode(laoQrPayload(RECEIVER, { billNumber: '1'.repeat(25) })).crcValid).toBe(true);
  });

  it('refuses receiver settings that no bank would route', () => {
    expect(() => laoQrPayload({ ...RECEIVER, iin: 'BCEL' })).toThrow(/IIN/);
    expect(() => laoQrPayload({ ...RECEIVER, iin: '123456789012' })).toThrow(/IIN/);
    expect(() => laoQrPayload({ ...RECEIVER, receiverId: '' })).toThrow(/receiver id/);
    expect(() => laoQrPayload({ ...RECEIVER, receiverId: 'A'.repeat(33) })).toThrow(/receiver id/);
    expect(() => laoQrPayload({ ...RECEIVER, receiverId: 'ABC-123' })).toThrow(/receiver id/);
    expect(() => laoQrPayload({ ...RECEIVER, mcc: '752' })).toThrow(/MCC/);
  });

  it('trims receiver settings rather than refusing them', () => {
    const padded = { ...RECEIVER, iin: ' 12345678 ', receiverId: ' ABC123XYZ ', mcc: ' 7523 ' };
    expect(laoQrPayload(padded, { amount: 5000, billNumber: ' 42 ' })).toBe(EXAMPLE);
  });
});

describe('laoQrImage', () => {
  it('is a PNG data URL whose modules are exactly the QR symbol of the payload', async () => {
    const url = await laoQrImage(EXAMPLE);
    expect(url.startsWith('data:image/png;base64,')).toBe(true);
    const png = Buffer.from(url.slice('data:image/png;base64,'.length), 'base64');
    expect([...png.subarray(0, 8)]).toEqual([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

    // No QR decoder (jsQR) is installed, so instead of reading the text back we check that every
    // module drawn in the image is the module qrcode computes for this payload at level M.
    const image = readPng(png);
    expect(image.width).toBe(320);
    expect(image.height).toBe(320);
    const { modules } = create(EXAMPLE, { errorCorrectionLevel: 'M' });
    const margin = 2;
    const scale = image.width / (modules.size + 2 * margin);
    let mismatches = 0;
    for (let row = 0; row < modules.size; row++) {
      for (let col = 0; col < modules.size; col++) {
        const x = Math.floor((margin + col + 0.5) * scale);
        const y = Math.floor((margin + row + 0.5) * scale);
        const dark = image.gray(x, y) < 128;
        if (dark !== Boolean(modules.get(row, col))) mismatches++;
      }
    }
    expect(mismatches).toBe(0);
    expect(image.gray(1, 1)).toBeGreaterThan(128); // the quiet zone is light
  });
});

/** Just enough of a PNG reader for 8-bit images as qrcode writes them. */
function readPng(png: Buffer): { width: number; height: number; gray: (x: number, y: number) => number } {
  let at = 8;
  let width = 0;
  let height = 0;
  let channels = 0;
  const idat: Buffer[] = [];
  while (at < png.length) {
    const length = png.readUInt32BE(at);
    const type = png.toString('ascii', at + 4, at + 8);
    const data = png.subarray(at + 8, at + 8 + length);
    if (type === 'IHDR') {
      width = data.readUInt32BE(0);
      height = data.readUInt32BE(4);
      const bitDepth = data[8];
      const colorType = data[9];
      if (bitDepth !== 8 || data[12] !== 0) throw new Error('unsupported PNG (bit depth or interlace)');
      channels = ({ 0: 1, 2: 3, 4: 2, 6: 4 } as Record<number, number>)[colorType ?? -1] ?? 0;
      if (channels === 0) throw new Error(`unsupported PNG colour type ${colorType}`);
    }
    if (type === 'IDAT') idat.push(data);
    at += 12 + length;
  }
  const raw = inflateSync(Buffer.concat(idat));
  const stride = width * channels;
  const pixels = Buffer.alloc(stride * height);
  for (let y = 0; y < height; y++) {
    const filter = raw[y * (stride + 1)];
    for (let i = 0; i < stride; i++) {
      const value = raw[y * (stride + 1) + 1 + i] ?? 0;
      const left = i >= channels ? (pixels[y * stride + i - channels] ?? 0) : 0;
      const up = y > 0 ? (pixels[(y - 1) * stride + i] ?? 0) : 0;
      const upLeft = y > 0 && i >= channels ? (pixels[(y - 1) * stride + i - channels] ?? 0) : 0;
      pixels[y * stride + i] = (value + predict(filter ?? 0, left, up, upLeft)) & 0xff;
    }
  }
  return { width, height, gray: (x, y) => pixels[y * stride + x * channels] ?? 0 };
}

function predict(filter: number, left: number, up: number, upLeft: number): number {
  switch (filter) {
    case 0:
      return 0;
    case 1:
      return left;
    case 2:
      return up;
    case 3:
      return Math.floor((left + up) / 2);
    case 4: {
      const p = left + up - upLeft;
      const pa = Math.abs(p - left);
      const pb = Math.abs(p - up);
      const pc = Math.abs(p - upLeft);
      return pa <= pb && pa <= pc ? left : pb <= pc ? up : upLeft;
    }
    default:
      throw new Error(`unknown PNG filter ${filter}`);
  }
}
