import { describe, expect, it } from 'vitest';
import { crc16CcittFalse, parseEmvco, parseTlv, tlv, withCrc } from './emvco.ts';

// A dynamic Lao QR returned by a bank's API, quoted in a public project (JDB merchant, 20 000 kip):
// proof that our CRC and parser agree with a payload we did not produce.
const FIELD_PAYLOAD =
  '00020101021238680016A005266284662577010832170418020300203259YBH6W1OMFDJ1EIQMU6XP5X5U52045251' +
  '53034185405200005802LA5910LaoLottery6009Vientiane62660112JDB5478854680201003010040100501006' +
  '03NCC070912131212108010090106304A8D6';

describe('crc16CcittFalse', () => {
  it('matches the catalogue check value', () => {
    expect(crc16CcittFalse('123456789')).toBe('29B1');
  });

  it('is the initial value for no input', () => {
    expect(crc16CcittFalse('')).toBe('FFFF');
  });

  it('zero-pads to 4 upper-case hex digits', () => {
    const samples = Array.from({ length: 5000 }, (_, i) => crc16CcittFalse(`x${i}`));
    for (const crc of samples) expect(crc).toMatch(/^[0-9A-F]{4}$/);
    expect(samples.some((crc) => crc.startsWith('0'))).toBe(true);
  });
});

describe('tlv', () => {
  it('writes tag, 2-digit length and value', () => {
    expect(tlv('00', '01')).toBe('000201');
    expect(tlv('59', 'Talat Sao Parking')).toBe('5917Talat Sao Parking');
    expect(tlv('62', 'x'.repeat(99))).toBe(`6299${'x'.repeat(99)}`);
  });

  it('refuses values a banking app would reject', () => {
    expect(() => tlv('59', 'ຕະຫຼາດ')).toThrow(/ASCII/);
    expect(() => tlv('59', 'Café')).toThrow(/ASCII/);
    expect(() => tlv('59', 'line\nbreak')).toThrow(/ASCII/);
    expect(() => tlv('62', 'x'.repeat(100))).toThrow(/99/);
    expect(() => tlv('59', '')).toThrow(/empty/);
    expect(() => tlv('5', 'x')).toThrow(/tag/);
    expect(() => tlv('ab', 'x')).toThrow(/tag/);
  });
});

describe('withCrc', () => {
  it('appends 6304 and the CRC of everything up to and including it', () => {
    const payload = withCrc('000201010211');
    expect(payload).toBe(`0002010102116304${crc16CcittFalse('0002010102116304')}`);
    expect(parseEmvco(payload).crcValid).toBe(true);
  });
});

describe('parseTlv', () => {
  it('splits a run of objects, leaving template values raw', () => {
    expect(parseTlv('000201620601024263041234')).toEqual([
      { tag: '00', value: '01' },
      { tag: '62', value: '010242' },
      { tag: '63', value: '1234' },
    ]);
    expect(parseTlv('')).toEqual([]);
  });

  it('throws on malformed input', () => {
    expect(() => parseTlv('00020111')).toThrow(/length/); // a tag with no length
    expect(() => parseTlv('000501')).toThrow(/past the end/);
    expect(() => parseTlv('00ab01')).toThrow(/length/);
    expect(() => parseTlv('x00201')).toThrow(/tag/);
    expect(() => parseTlv('0')).toThrow(/tag/);
  });
});

describe('parseEmvco', () => {
  it('decodes a payload produced by a bank and verifies its CRC', () => {
    const { fields, crcValid } = parseEmvco(FIELD_PAYLOAD);
    expect(crcValid).toBe(true);
    expect(fields['01']).toBe('12');
    expect(fields['54']).toBe('20000');
    expect(parseTlv(fields['38'] ?? '')).toEqual([
      { tag: '00', value: 'A005266284662577' },
      { tag: '01', value: '32170418' },
      { tag: '02', value: '002' },
      { tag: '03', value: '9YBH6W1OMFDJ1EIQMU6XP5X5U' },
    ]);
  });

  it('reports a wrong CRC after any single character changes', () => {
    for (const at of [0, 7, 30, 80, FIELD_PAYLOAD.length - 1]) {
      const original = FIELD_PAYLOAD.charAt(at);
      const flipped = original === '9' ? '8' : original === 'A' ? 'B' : original === '0' ? '1' : '0';
      const changed = FIELD_PAYLOAD.slice(0, at) + flipped + FIELD_PAYLOAD.slice(at + 1);
      // Some flips break the TLV structure itself; those must throw rather than pass.
      let valid: boolean;
      try {
        valid = parseEmvco(changed).crcValid;
      } catch {
        valid = false;
      }
      expect(valid, `flip at ${at}`).toBe(false);
    }
  });

  it('accepts a lower-case CRC but not a missing or misplaced one', () => {
    expect(parseEmvco(`${FIELD_PAYLOAD.slice(0, -4)}a8d6`).crcValid).toBe(true);
    expect(parseEmvco(FIELD_PAYLOAD.slice(0, -8)).crcValid).toBe(false);
    expect(parseEmvco(`${FIELD_PAYLOAD}6102AB`).crcValid).toBe(false);
  });

  it('throws on a repeated tag or broken structure', () => {
    expect(() => parseEmvco(withCrc('000201000201'))).toThrow(/twice/);
    expect(() => parseEmvco(FIELD_PAYLOAD.slice(0, -2))).toThrow();
  });
});
