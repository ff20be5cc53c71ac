import { describe, expect, it } from 'vitest';
import {
  commissionOf,
  editLineSchema,
  generateInvoicesBodySchema,
  type InvoiceInput,
  invoiceDueDate,
  invoiceLines,
  invoiceNumber,
  invoiceTotals,
  MAX_RENT_KIP,
  positiveKipSchema,
  statusFromPaid,
  updateInvoiceBodySchema,
  voidInvoiceBodySchema,
} from './rent.ts';

const pkg = {
  id: 'p1',
  nameLo: 'ກາງ',
  nameEn: 'Mid',
  monthlyPrice: 300_000,
  ticketsIncluded: 3000,
  extraTicketPrice: 40,
};
const input = (over: Partial<InvoiceInput> = {}): InvoiceInput => ({
  package: pkg,
  tickets: 0,
  rolls: [],
  charges: [],
  promotion: null,
  ...over,
});
const brief = (lines: ReturnType<typeof invoiceLines>) =>
  lines.map((l) => [l.kind, l.quantity, l.unitPrice, l.amount]);

describe('invoiceLines', () => {
  it('the package alone while the tickets stay within the allowance (exactly at it too)', () => {
    expect(brief(invoiceLines(input({ tickets: 3000 })))).toEqual([['PACKAGE', 1, 300_000, 300_000]]);
  });

  it('tickets over the allowance × the extra price, with both counts in the description', () => {
    const lines = invoiceLines(input({ tickets: 4234 }));
    expect(brief(lines)).toEqual([
      ['PACKAGE', 1, 300_000, 300_000],
      ['EXTRA_TICKETS', 1234, 40, 49_360],
    ]);
    expect(lines[1]?.descriptionLo).toContain('4,234');
    expect(lines[1]?.descriptionLo).toContain('3,000');
  });

  it('no extra line when extra tickets are free', () => {
    expect(brief(invoiceLines(input({ tickets: 9999, package: { ...pkg, extraTicketPrice: 0 } })))).toEqual([
      ['PACKAGE', 1, 300_000, 300_000],
    ]);
  });

  it('rolls: one line per unit price, cheapest first; charges in the order given', () => {
    const lines = invoiceLines(
      input({
        rolls: [
          { quantity: 2, unitPrice: 18_000 },
          { quantity: 3, unitPrice: 15_000 },
          { quantity: 4, unitPrice: 18_000 },
        ],
        charges: [
          { id: 'c1', descriptionLo: 'ຕິດຕັ້ງ', descriptionEn: 'Set-up', quantity: 1, unitPrice: 250_000 },
          { id: 'c2', descriptionLo: 'ເຄື່ອງພິມ', descriptionEn: 'Printer', quantity: 2, unitPrice: 0 },
        ],
      }),
    );
    expect(brief(lines)).toEqual([
      ['PACKAGE', 1, 300_000, 300_000],
      ['ROLLS', 3, 15_000, 45_000],
      ['ROLLS', 6, 18_000, 108_000],
      ['FEE', 1, 250_000, 250_000],
      ['FEE', 2, 0, 0],
    ]);
    expect(lines.filter((l) => l.kind === 'FEE').map((l) => l.refId)).toEqual(['c1', 'c2']);
  });

  it('no package: no package, ticket or promotion line; nothing at all → no lines', () => {
    const promotion = { id: 'pr', title: 'x', discount: 10_000 };
    expect(invoiceLines(input({ package: null, tickets: 5000, promotion }))).toEqual([]);
    expect(
      brief(invoiceLines(input({ package: null, rolls: [{ quantity: 1, unitPrice: 15_000 }] }))),
    ).toEqual([['ROLLS', 1, 15_000, 15_000]]);
  });

  it('the promotion takes at most the package’s price, as a negative line; a discount of 0 makes no line', () => {
    const big = invoiceLines(
      input({ tickets: 3100, promotion: { id: 'pr', title: 'ຟຣີ', discount: 999_999 } }),
    );
    expect(brief(big).at(-1)).toEqual(['PROMOTION', 1, -300_000, -300_000]);
    expect(invoiceTotals(big)).toEqual({ subtotal: 304_000, discount: 300_000, total: 4_000 });
    expect(
      invoiceLines(input({ promotion: { id: 'pr', title: 'x', discount: 0 } })).map((l) => l.kind),
    ).toEqual(['PACKAGE']);
  });

  it('a free month with nothing else totals 0', () => {
    const lines = invoiceLines(input({ promotion: { id: 'pr', title: 'ຟຣີ', discount: 300_000 } }));
    expect(invoiceTotals(lines)).toEqual({ subtotal: 300_000, discount: 300_000, total: 0 });
  });
});

describe('invoiceTotals', () => {
  it('discounts larger than the lines above 0 stop the total at 0', () => {
    expect(invoiceTotals([{ amount: 100 }, { amount: -70 }, { amount: -80 }])).toEqual({
      subtotal: 100,
      discount: 100,
      total: 0,
    });
  });
  it('sums lines above 0 as the subtotal and those below as the discount', () => {
    expect(
      invoiceTotals([{ amount: 150_000 }, { amount: 2_500 }, { amount: -15_000 }, { amount: 0 }]),
    ).toEqual({
      subtotal: 152_500,
      discount: 15_000,
      total: 137_500,
    });
    expect(invoiceTotals([])).toEqual({ subtotal: 0, discount: 0, total: 0 });
  });
});

describe('numbers, due dates, commissions, status', () => {
  it('pads the number to six digits (and keeps longer ones whole)', () => {
    expect(invoiceNumber(2026, 123)).toBe('INV-2026-000123');
    expect(invoiceNumber(2027, 1)).toBe('INV-2027-000001');
    expect(invoiceNumber(2026, 1_234_567)).toBe('INV-2026-1234567');
  });

  it('the due date falls in the month after, across December, the day kept within 1–28', () => {
    expect(invoiceDueDate('2026-03', 10)).toBe('2026-04-10');
    expect(invoiceDueDate('2026-12', 10)).toBe('2027-01-10');
    expect(invoiceDueDate('2026-01', 31)).toBe('2026-02-28');
    expect(invoiceDueDate('2026-01', 0)).toBe('2026-02-01');
  });

  it('rounds a commission to the nearest kip, half away from 0, a reversal the mirror of its payment', () => {
    expect(commissionOf(100_000, 1000)).toBe(10_000);
    expect(commissionOf(12_345, 1250)).toBe(1543); // 1543.125
    expect(commissionOf(5, 1000)).toBe(1); // 0.5 → 1
    expect(commissionOf(-5, 1000)).toBe(-1);
    expect(commissionOf(-12_345, 1250)).toBe(-commissionOf(12_345, 1250));
    expect(commissionOf(4, 1000)).toBe(0);
  });

  it('status from what is paid', () => {
    expect(statusFromPaid(100, 0)).toBe('UNPAID');
    expect(statusFromPaid(100, 1)).toBe('PARTLY_PAID');
    expect(statusFromPaid(100, 100)).toBe('PAID');
    expect(statusFromPaid(0, 0)).toBe('PAID');
  });
});

describe('schemas', () => {
  it('a month is YYYY-MM; shop ids are uuids', () => {
    expect(generateInvoicesBodySchema.safeParse({ month: '2026-03' }).success).toBe(true);
    expect(generateInvoicesBodySchema.safeParse({ month: '2026-3' }).success).toBe(false);
    expect(generateInvoicesBodySchema.safeParse({ month: '2026-03', shopIds: ['x'] }).success).toBe(false);
  });

  it('an edited line: whole kip, a quantity of 0 or more, ADJUSTMENT by default', () => {
    expect(editLineSchema.parse({ descriptionLo: 'x', quantity: 1, unitPrice: -500 }).kind).toBe(
      'ADJUSTMENT',
    );
    expect(editLineSchema.safeParse({ descriptionLo: 'x', quantity: -1, unitPrice: 5 }).success).toBe(false);
    expect(editLineSchema.safeParse({ descriptionLo: 'x', quantity: 1, unitPrice: 0.5 }).success).toBe(false);
    expect(editLineSchema.safeParse({ descriptionLo: ' ', quantity: 1, unitPrice: 5 }).success).toBe(false);
  });

  it('an amount is a number or its digits, never what Number() would make of true, [5000], hex or an exponent', () => {
    expect(positiveKipSchema.parse(1500)).toBe(1500);
    expect(positiveKipSchema.parse('1500')).toBe(1500);
    expect(positiveKipSchema.parse(' 20000 ')).toBe(20_000);
    for (const bad of [true, [5000], '0x10', '1e4', '', '1,500', '1.5', 0, '-5', null, undefined, Number.NaN])
      expect(positiveKipSchema.safeParse(bad).success, JSON.stringify(bad)).toBe(false);
    expect(editLineSchema.parse({ descriptionLo: 'x', quantity: '2', unitPrice: '-500' })).toMatchObject({
      quantity: 2,
      unitPrice: -500,
    });
    expect(editLineSchema.safeParse({ descriptionLo: 'x', quantity: true, unitPrice: 5 }).success).toBe(
      false,
    );
  });

  it('an update needs a reason of three characters or more and a line', () => {
    const line = { descriptionLo: 'x', quantity: 1, unitPrice: 5 };
    const id = '00000000-0000-4000-8000-000000000000';
    expect(updateInvoiceBodySchema.safeParse({ invoiceId: id, lines: [line], reason: 'ok' }).success).toBe(
      false,
    );
    expect(updateInvoiceBodySchema.safeParse({ invoiceId: id, lines: [], reason: 'ປັບລາຄາ' }).success).toBe(
      false,
    );
    expect(
      updateInvoiceBodySchema.safeParse({ invoiceId: id, lines: [line], reason: 'ປັບລາຄາ' }).success,
    ).toBe(true);
  });

  it('a line whose amount is beyond MAX_RENT_KIP is refused on its unit price (JS could not multiply it exactly)', () => {
    const id = '00000000-0000-4000-8000-000000000000';
    const huge = { descriptionLo: 'x', quantity: 9_999_999, unitPrice: 9_999_999_999 };
    const r = updateInvoiceBodySchema.safeParse({
      invoiceId: id,
      lines: [{ ...huge, quantity: 1, unitPrice: 5 }, huge],
      reason: 'ປັບລາຄາ',
    });
    expect(r.success).toBe(false);
    expect(r.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([
      ['lines.1.unitPrice', 'validation.lineTooBig'],
    ]);
    // A discount line as big is refused too; exactly the cap is allowed.
    expect(
      editLineSchema.safeParse({ descriptionLo: 'x', quantity: 2, unitPrice: -MAX_RENT_KIP }).success,
    ).toBe(false);
    expect(
      editLineSchema.safeParse({ descriptionLo: 'x', quantity: 1, unitPrice: MAX_RENT_KIP }).success,
    ).toBe(true);
    expect(
      editLineSchema.safeParse({ descriptionLo: 'x', quantity: 2, unitPrice: MAX_RENT_KIP / 2 }).success,
    ).toBe(true);
  });

  it('an update whose total is beyond MAX_RENT_KIP is refused on lines; discounts count', () => {
    const id = '00000000-0000-4000-8000-000000000000';
    const line = (unitPrice: number) => ({ descriptionLo: 'x', quantity: 1, unitPrice });
    const over = updateInvoiceBodySchema.safeParse({
      invoiceId: id,
      lines: [line(MAX_RENT_KIP), line(1)],
      reason: 'ປັບລາຄາ',
    });
    expect(over.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([
      ['lines', 'validation.invoiceTotalTooBig'],
    ]);
    expect(
      updateInvoiceBodySchema.safeParse({
        invoiceId: id,
        lines: [line(MAX_RENT_KIP), line(1), line(-1)],
        reason: 'ປັບລາຄາ',
      }).success,
    ).toBe(true);
  });

  it('a void’s body may be left out', () => {
    expect(voidInvoiceBodySchema.safeParse(undefined).success).toBe(true);
    expect(voidInvoiceBodySchema.safeParse(null).success).toBe(true);
    expect(voidInvoiceBodySchema.safeParse({ reason: 'ຜິດ' }).success).toBe(true);
  });
});
