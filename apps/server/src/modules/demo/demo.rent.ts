import { calendarDate, DEFAULT_TIMEZONE } from '@parking-hub/contracts/business-day';
import { monthIn } from '@parking-hub/contracts/packages';
import { invoiceDueDate } from '@parking-hub/contracts/rent';
import type { Database } from '../../db/client.ts';
import type { AuthedContext } from '../../lib/context.ts';
import { topUp } from '../finance/wallet.service.ts';
import { generateMonth, previousMonth } from '../rent/generation.ts';
import { payInvoice } from '../rent/payments.service.ts';

/** 'YYYY-MM' moved by `n` months. */
function addMonths(month: string, n: number): string {
  const [y, m] = month.split('-').map(Number) as [number, number];
  const i = y * 12 + (m - 1) + n;
  return `${Math.floor(i / 12)}-${String((i % 12) + 1).padStart(2, '0')}`;
}

export interface DemoRentSummary {
  invoices: number;
  payments: number;
}

/**
 * The platform's money in the demo (issue 15), through the real services so every figure is one
 * the app itself would make: each month from the shops' first package to last month is invoiced
 * as the monthly job does it; earlier months are paid before their due date (cash or transfer,
 * one left unpaid so the overdue list has a row); of last month's, one main shop tops its wallet
 * up and pays from it, one pays half in cash, the rest are still to pay. The payments are by the
 * office admin (`ops`), so the agents earn their commissions on them.
 */
export async function seedDemoRent(
  database: Database,
  o: { now: Date; ops: { id: string; username: string; fullName: string }; shopIds: readonly string[] },
): Promise<DemoRentSummary> {
  const { db, pool } = database;
  const timezone = DEFAULT_TIMEZONE;
  const first = (
    await pool.query<{ month: string | null }>(
      `select to_char(min(from_month), 'YYYY-MM') as month from shop_packages where shop_id = any($1::uuid[])`,
      [o.shopIds],
    )
  ).rows[0]?.month;
  const last = previousMonth(calendarDate(o.now, timezone).slice(0, 7));
  if (!first || first > last) return { invoices: 0, payments: 0 };
  let invoices = 0;
  for (let month = first; month <= last; month = addMonths(month, 1)) {
    const made = await generateMonth(db, { month, timezone, ctx: null, now: o.now, shopIds: o.shopIds });
    invoices += made.created;
  }
  // The monthly job makes a month's invoices on the 1st at 06:00: the demo's made now say so.
  await pool.query(
    `update rent_invoices
        set created_at = ((month + interval '1 month')::timestamp + interval '6 hours') at time zone $2
      where shop_id = any($1::uuid[]) and created_by is null
        and created_at > ((month + interval '1 month')::timestamp + interval '6 hours') at time zone $2`,
    [o.shopIds, timezone],
  );
  const ctx: AuthedContext = {
    actor: { ...o.ops, role: 'ADMIN', shopId: null, sessionId: '00000000-0000-0000-0000-000000000000' },
    ip: '127.0.0.1',
    userAgent: 'seed:demo',
    requestId: 'seed-demo-rent',
    lang: 'lo',
  };
  const open = await pool.query<{ id: string; shop_id: string; month: string; total: string }>(
    `select id, shop_id, to_char(month, 'YYYY-MM') as month, total from rent_invoices
      where shop_id = any($1::uuid[]) and status = 'UNPAID' order by month, number`,
    [o.shopIds],
  );
  let payments = 0;
  const lastMonth = open.rows.filter((r) => r.month === last);
  for (const [i, inv] of open.rows.entries()) {
    if (inv.month === last) continue;
    // One invoice of the month before last stays unpaid: the overdue list is never empty.
    if (inv.month === addMonths(last, -1) && i % 5 === 4) continue;
    const due = invoiceDueDate(inv.month, 10);
    const day = Number(due.slice(8, 10)) - 1 - (i % 7);
    const paidAt = `${due.slice(0, 8)}${String(Math.max(1, day)).padStart(2, '0')}T10:${String((10 + i) % 60).padStart(2, '0')}:00+07:00`;
    const transfer = i % 2 === 1;
    await payInvoice(db, ctx, timezone, {
      invoiceId: inv.id,
      method: transfer ? 'TRANSFER' : 'CASH',
      ...(transfer
        ? { reference: `BCEL-${monthIn(new Date(paidAt), timezone).replace('-', '')}-${1000 + i}` }
        : {}),
      paidAt,
    });
    payments++;
  }
  const [byWallet, byHalf] = lastMonth;
  if (byWallet) {
    const total = Number(byWallet.total);
    await topUp(db, ctx, {
      shopId: byWallet.shop_id,
      amount: Math.ceil((total + 500_000) / 100_000) * 100_000,
      method: 'TRANSFER',
      reference: 'BCEL-TOPUP-0001',
      idempotencyKey: `demo-top-up-${byWallet.id}`,
    });
    await payInvoice(db, ctx, timezone, { invoiceId: byWallet.id, method: 'WALLET' });
    payments++;
  }
  if (byHalf) {
    await payInvoice(db, ctx, timezone, {
      invoiceId: byHalf.id,
      method: 'CASH',
      amount: Math.floor(Number(byHalf.total) / 2),
      note: 'ຈ່າຍກ່ອນເຄິ່ງໜຶ່ງ',
    });
    payments++;
  }
  return { invoices, payments };
}
