import { describe, expect, it } from 'vitest';
import { pageRule, pxToMm, TICKET_SIZES } from './ticket-layout';

describe('ticket layout', () => {
  it('prints inside the printable width of each roll', () => {
    for (const size of Object.values(TICKET_SIZES)) {
      expect(size.printMm).toBeLessThan(size.paperMm);
      expect(size.qrMm).toBeLessThanOrEqual(size.printMm);
      expect(size.numberPt).toBeGreaterThan(size.textPt);
    }
  });

  it('sizes the page to the roll and the measured ticket', () => {
    expect(pxToMm(96)).toBeCloseTo(25.4);
    expect(pageRule('58', 120.2)).toBe('@page { size: 58mm 125mm; margin: 0; }');
    expect(pageRule('80', 10)).toBe('@page { size: 80mm 40mm; margin: 0; }');
  });
});
