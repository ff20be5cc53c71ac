import { sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import type { Actor } from '../../lib/context.ts';

/** An invoice as sending needs it: its shop's WhatsApp and what the message says. */
export type SendableInvoice = {
  id: string;
  number: string;
  month: string;
  status: string;
  shopId: string;
  shopName: string;
  whatsapp: string | null;
  total: number;
  paid: number;
  dueDate: string;
  publicToken: string;
  /** ISO time in UTC, or null: never sent. */
  sentAt: string | null;
  sendCount: number;
};

/** Admins see every invoice; an agent those of the shops they serve now (rent_invoices.shop_id). */
function invoiceScope(actor: Actor) {
  if (actor.role === 'SUPER-ADMIN' || actor.role === 'ADMIN') return sql`true`;
  if (actor.role === 'AGENT') return sql`s.agent_id = ${actor.id}`;
  return sql`false`;
}

const COLUMNS = sql`
  i.id, i.number, to_char(i.month, 'YYYY-MM-DD') as "month", i.status, i.shop_id as "shopId",
  s.name as "shopName", nullif(s.whatsapp, '') as whatsapp, i.total::float8 as total, i.paid::float8 as paid,
  to_char(i.due_date, 'YYYY-MM-DD') as "dueDate", i.public_token as "publicToken", to_char(i.sent_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as "sentAt",
  i.send_count as "sendCount"`;

/**
 * The chosen invoices in the caller's scope, locked until the transaction ends (two sends of one
 * invoice at once queue one after the other, so "already sent" is seen by the second).
 */
export async function lockInvoicesById(
  tx: Executor,
  actor: Actor,
  ids: readonly string[],
): Promise<SendableInvoice[]> {
  const { rows } = await tx.execute<SendableInvoice>(sql`
    select ${COLUMNS}
    from rent_invoices i join shops s on s.id = i.shop_id
    where i.id = any(${`{${ids.join(',')}}`}::uuid[]) and ${invoiceScope(actor)}
    order by i.number
    for update of i`);
  return rows.map(numbers);
}

/**
 * The ids of a month's invoices in the caller's scope still to be paid (UNPAID, PARTLY_PAID):
 * for `send` only those never sent, for resend all of them; in number order.
 */
export async function invoiceIdsOfMonth(
  db: Executor,
  actor: Actor,
  month: string,
  unsentOnly: boolean,
): Promise<string[]> {
  const { rows } = await db.execute<{ id: string }>(sql`
    select i.id from rent_invoices i join shops s on s.id = i.shop_id
    where i.month = ${month}::date and i.status in ('UNPAID', 'PARTLY_PAID')
      and ${unsentOnly ? sql`i.sent_at is null` : sql`true`} and ${invoiceScope(actor)}
    order by i.number`);
  return rows.map((r) => r.id);
}

/** Mark invoices sent with their message: sent_at now, one more send, the last message. */
export async function markSent(tx: Executor, sent: ReadonlyArray<{ id: string; messageId: string }>) {
  if (!sent.length) return;
  await tx.execute(sql`
    update rent_invoices i
       set sent_at = now(), send_count = i.send_count + 1, last_message_id = v.message_id, updated_at = now()
      from unnest(${`{${sent.map((s) => s.id).join(',')}}`}::uuid[],
                  ${`{${sent.map((s) => s.messageId).join(',')}}`}::uuid[]) as v(id, message_id)
     where i.id = v.id`);
}

const numbers = (r: SendableInvoice): SendableInvoice => ({
  ...r,
  total: Number(r.total),
  paid: Number(r.paid),
});
