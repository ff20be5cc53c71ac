import { describe, expect, it } from 'vitest';
import { lineText, monthChoices, paidAtOf, today, totalOf } from './rent-format';

describe('rent formats', () => {
  it('writes a line in the reader language, falling back to Lao', () => {
    expect(lineText({ descriptionLo: 'ແພັກເກັດ', descriptionEn: 'Package' }, 'en')).toBe('Package');
    expect(lineText({ descriptionLo: 'ແພັກເກັດ', descriptionEn: 'Package' }, 'lo')).toBe('ແພັກເກັດ');
    expect(lineText({ descriptionLo: 'ຄ່າຕິດຕັ້ງ', descriptionEn: '' }, 'en')).toBe('ຄ່າຕິດຕັ້ງ');
  });

  it('offers 36 months, newest first, and keeps an older month a link names', () => {
    const months = monthChoices();
    expect(months).toHaveLength(36);
    expect(String(months[0]) > String(months[1])).toBe(true);
    expect(monthChoices('2001-01')).toContain('2001-01');
  });

  it('sends a past payment day as noon in Vientiane and today as now', () => {
    expect(paidAtOf('2026-03-05')).toBe('2026-03-05T12:00:00+07:00');
    expect(paidAtOf(today())).toBeUndefined();
    expect(paidAtOf('')).toBeUndefined();
  });

  it('totals lines being edited as the server will: discounts off, never below 0, typos as 0', () => {
    expect(
      totalOf([
        { quantity: '1', unitPrice: '150,000' },
        { quantity: '2', unitPrice: '10000' },
      ]),
    ).toBe(170_000);
    expect(
      totalOf([
        { quantity: '1', unitPrice: '100000' },
        { quantity: '1', unitPrice: '-30000' },
      ]),
    ).toBe(70_000);
    expect(
      totalOf([
        { quantity: '1', unitPrice: '10000' },
        { quantity: '1', unitPrice: '-30000' },
      ]),
    ).toBe(0);
    expect(
      totalOf([
        { quantity: 'x', unitPrice: '5000' },
        { quantity: '3', unitPrice: '' },
      ]),
    ).toBe(0);
  });
});
