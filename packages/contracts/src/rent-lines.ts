/**
 * The pure rules of a rent invoice (decision 020): its lines (`invoiceLines`), totals, number, due
 * date, an agent's commission and the status a payment leaves. The monthly job, the on-demand call
 * and the brute-force test all compute with them; `rent.ts` holds the calls and re-exports these.
 */

export const INVOICE_STATUSES = ['UNPAID', 'PARTLY_PAID', 'PAID', 'VOID'] as const;
export type InvoiceStatus = (typeof INVOICE_STATUSES)[number];

export const LINE_KINDS = ['PACKAGE', 'EXTRA_TICKETS', 'ROLLS', 'FEE', 'PROMOTION', 'ADJUSTMENT'] as const;
export type InvoiceLineKind = (typeof LINE_KINDS)[number];

export interface InvoicePackage {
  id: string;
  nameLo: string;
  nameEn: string;
  monthlyPrice: number;
  ticketsIncluded: number;
  extraTicketPrice: number;
}

export interface InvoiceInput {
  /** The package in force that month (null: none; then no package or ticket lines). */
  package: InvoicePackage | null;
  /** Tickets issued in the month by the main shop and its branches. */
  tickets: number;
  /** Rolls delivered to the main shop and its branches in the month. */
  rolls: ReadonlyArray<{ quantity: number; unitPrice: number }>;
  /** One-off charges picked up by this invoice. */
  charges: ReadonlyArray<{
    id: string;
    descriptionLo: string;
    descriptionEn: string;
    quantity: number;
    unitPrice: number;
  }>;
  /** The promotion applied (the largest discount of those that apply) and what it takes off. */
  promotion: { id: string; title: string; discount: number } | null;
}

export interface InvoiceLine {
  kind: InvoiceLineKind;
  descriptionLo: string;
  descriptionEn: string;
  quantity: number;
  unitPrice: number;
  amount: number;
  refId: string | null;
}

export interface InvoiceTotals {
  subtotal: number;
  discount: number;
  total: number;
}

/**
 * The lines of a month's invoice, in order: the package; the tickets over its allowance × the
 * price per extra ticket; the rolls delivered, one line per unit price; the charges; the
 * promotion's discount (a negative line, never more than the package's price).
 */
export function invoiceLines(input: InvoiceInput): InvoiceLine[] {
  const lines: InvoiceLine[] = [];
  const pkg = input.package;
  if (pkg) {
    lines.push({
      kind: 'PACKAGE',
      descriptionLo: `ແພັກເກັດ ${pkg.nameLo}`,
      descriptionEn: `Package ${pkg.nameEn}`,
      quantity: 1,
      unitPrice: pkg.monthlyPrice,
      amount: pkg.monthlyPrice,
      refId: pkg.id,
    });
    const extra = Math.max(0, input.tickets - pkg.ticketsIncluded);
    if (extra > 0 && pkg.extraTicketPrice > 0) {
      lines.push({
        kind: 'EXTRA_TICKETS',
        descriptionLo: `ບິນເກີນແພັກເກັດ (${input.tickets.toLocaleString('en-US')} ໃບ, ລວມໃນແພັກເກັດ ${pkg.ticketsIncluded.toLocaleString('en-US')} ໃບ)`,
        descriptionEn: `Tickets over the allowance (${input.tickets.toLocaleString('en-US')} issued, ${pkg.ticketsIncluded.toLocaleString('en-US')} included)`,
        quantity: extra,
        unitPrice: pkg.extraTicketPrice,
        amount: extra * pkg.extraTicketPrice,
        refId: pkg.id,
      });
    }
  }
  const byPrice = new Map<number, number>();
  for (const r of input.rolls) byPrice.set(r.unitPrice, (byPrice.get(r.unitPrice) ?? 0) + r.quantity);
  for (const [unitPrice, quantity] of [...byPrice].sort((a, b) => a[0] - b[0])) {
    if (quantity <= 0) continue;
    lines.push({
      kind: 'ROLLS',
      descriptionLo: 'ມ້ວນເຈ້ຍພິມບິນ',
      descriptionEn: 'Paper rolls',
      quantity,
      unitPrice,
      amount: quantity * unitPrice,
      refId: null,
    });
  }
  for (const c of input.charges) {
    lines.push({
      kind: 'FEE',
      descriptionLo: c.descriptionLo,
      descriptionEn: c.descriptionEn,
      quantity: c.quantity,
      unitPrice: c.unitPrice,
      amount: c.quantity * c.unitPrice,
      refId: c.id,
    });
  }
  const discount = Math.min(input.promotion?.discount ?? 0, pkg?.monthlyPrice ?? 0);
  if (input.promotion && discount > 0) {
    lines.push({
      kind: 'PROMOTION',
      descriptionLo: `ໂປຣໂມຊັນ: ${input.promotion.title}`,
      descriptionEn: `Promotion: ${input.promotion.title}`,
      quantity: 1,
      unitPrice: -discount,
      amount: -discount,
      refId: input.promotion.id,
    });
  }
  return lines;
}

/** Subtotal (lines above 0), discount (lines below 0, as a positive number) and total, never below 0. */
export function invoiceTotals(lines: ReadonlyArray<Pick<InvoiceLine, 'amount'>>): InvoiceTotals {
  const subtotal = lines.reduce((s, l) => s + (l.amount > 0 ? l.amount : 0), 0);
  const discount = Math.min(
    subtotal,
    lines.reduce((s, l) => s + (l.amount < 0 ? -l.amount : 0), 0),
  );
  return { subtotal, discount, total: subtotal - discount };
}

/** 'INV-2026-000123'. */
export function invoiceNumber(year: number, seq: number): string {
  return `INV-${year}-${String(seq).padStart(6, '0')}`;
}

/** The due date of month 'YYYY-MM''s invoice: day `dueDay` of the month after. */
export function invoiceDueDate(month: string, dueDay: number): string {
  const [y, m] = month.split('-').map(Number) as [number, number];
  const ny = m === 12 ? y + 1 : y;
  const nm = m === 12 ? 1 : m + 1;
  return `${ny}-${String(nm).padStart(2, '0')}-${String(Math.min(28, Math.max(1, dueDay))).padStart(2, '0')}`;
}

/** An agent's commission on a payment: rate (basis points) × amount, rounded to the nearest kip (half away from 0). */
export function commissionOf(amount: number, rateBp: number): number {
  const v = (Math.abs(amount) * rateBp) / 10_000;
  return Math.sign(amount) * Math.round(v);
}

/** The status an invoice takes from what has been paid (VOID aside). */
export function statusFromPaid(total: number, paid: number): Exclude<InvoiceStatus, 'VOID'> {
  if (paid >= total) return 'PAID';
  return paid > 0 ? 'PARTLY_PAID' : 'UNPAID';
}
