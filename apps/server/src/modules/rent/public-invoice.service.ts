import type { PublicInvoice } from '@parking-hub/contracts/rent';
import { sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import type { QrReceiverJson } from '../../db/schema/shops.ts';
import { notFound } from '../../lib/errors.ts';
import { laoQrImage, laoQrPayload } from '../../lib/lao-qr.ts';

/** The public token's shape: 24 random bytes in base64url (32 characters). */
export const PUBLIC_TOKEN = /^[A-Za-z0-9_-]{32}$/;

type InvoiceRow = {
  id: string;
  number: string;
  month: string;
  status: PublicInvoice['status'];
  subtotal: number;
  discount: number;
  total: number;
  paid: number;
  dueDate: string;
  /** ISO time in UTC (raw SQL answers timestamps as text). */
  issuedAt: string;
  shopName: string;
  shopCode: string;
  shopAddress: string | null;
  shopPhone: string | null;
};

/**
 * The invoice a shop opens from its message (no sign-in): its lines and totals, the platform's
 * profile, and a Lao QR for what is still due, paid to the company's receiver with the invoice
 * number as the bill number. Nothing internal: no ids, no agent, no staff.
 */
export async function publicInvoice(db: Executor, token: string): Promise<PublicInvoice> {
  if (!PUBLIC_TOKEN.test(token)) throw notFound('errors.invoiceNotFound');
  const { rows } = await db.execute<InvoiceRow>(sql`
    select i.id, i.number, to_char(i.month, 'YYYY-MM') as month, i.status,
           i.subtotal::float8 as subtotal, i.discount::float8 as discount, i.total::float8 as total,
           i.paid::float8 as paid, to_char(i.due_date, 'YYYY-MM-DD') as "dueDate", to_char(i.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as "issuedAt",
           s.name as "shopName", s.code as "shopCode", s.address as "shopAddress", s.phone as "shopPhone"
      from rent_invoices i join shops s on s.id = i.shop_id
     where i.public_token = ${token}`);
  const row = rows[0];
  if (!row) throw notFound('errors.invoiceNotFound');
  const [lines, company] = await Promise.all([invoiceLinesOf(db, row.id), companyOf(db)]);
  const total = Number(row.total);
  const paid = Number(row.paid);
  const due = row.status === 'VOID' ? 0 : total - paid;
  return {
    number: row.number,
    month: row.month,
    status: row.status,
    shop: { name: row.shopName, code: row.shopCode, address: row.shopAddress, phone: row.shopPhone },
    lines,
    subtotal: Number(row.subtotal),
    discount: Number(row.discount),
    total,
    paid,
    due,
    dueDate: row.dueDate,
    issuedAt: row.issuedAt,
    company: company.profile,
    qr: await dueQr(company.receiver, due, row.number),
  };
}

async function invoiceLinesOf(db: Executor, invoiceId: string): Promise<PublicInvoice['lines']> {
  const { rows } = await db.execute<PublicInvoice['lines'][number]>(sql`
    select position, kind, description_lo as "descriptionLo", description_en as "descriptionEn", quantity,
           unit_price::float8 as "unitPrice", amount::float8 as amount
      from rent_invoice_lines where invoice_id = ${invoiceId}::uuid order by position`);
  return rows.map((l) => ({ ...l, unitPrice: Number(l.unitPrice), amount: Number(l.amount) }));
}

async function companyOf(db: Executor) {
  const { rows } = await db.execute<PublicInvoice['company'] & { receiver: QrReceiverJson | null }>(sql`
    select company_name as name, branch, telephone, whatsapp, email, address, logo_path as "logoPath",
           qr_receiver as receiver
      from company_profile where id = 1`);
  const { receiver = null, ...profile } = rows[0] ?? {
    name: null,
    branch: null,
    telephone: null,
    whatsapp: null,
    email: null,
    address: null,
    logoPath: null,
  };
  return { profile, receiver };
}

/** The Lao QR of the amount due; none when nothing is due or the company has no receiver. */
async function dueQr(
  receiver: QrReceiverJson | null,
  due: number,
  number: string,
): Promise<PublicInvoice['qr']> {
  if (!receiver || due <= 0) return null;
  const payload = laoQrPayload(receiver, { amount: due, billNumber: number });
  return { payload, image: await laoQrImage(payload) };
}
