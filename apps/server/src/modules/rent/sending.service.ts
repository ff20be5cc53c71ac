import { dayText } from '@parking-hub/contracts/business-day';
import type { SendInvoicesBody, SendInvoicesResult } from '@parking-hub/contracts/rent';
import { sql } from 'drizzle-orm';
import { type Config, publicUrlMissing } from '../../config.ts';
import type { Db, Executor } from '../../db/client.ts';
import { ADVISORY_LOCKS } from '../../lib/advisory-locks.ts';
import type { AuthedContext } from '../../lib/context.ts';
import { conflict, notFound } from '../../lib/errors.ts';
import { appendPastAuditEvents } from '../audit/audit.repository.ts';
import { kip } from '../finance/money.shared.ts';
import type { Outbox } from '../outbox/outbox.ts';
import { invoiceIdsOfMonth, lockInvoicesById, markSent, type SendableInvoice } from './sending.repository.ts';

/**
 * Sending rent invoices to their shop's WhatsApp (issue 15): `POST /v1/sent/manual-summary` sends
 * those not sent yet, `POST /v1/resent-manual-summary-rent` sends again. Each message is written to
 * the outbox in the transaction that marks its invoice sent (sent_at, send_count, last_message_id)
 * and audits it, so an invoice is marked sent exactly when its message is queued. The message
 * carries the amount still due and the link to the public invoice page.
 */

export type SendMode = 'send' | 'resend';

/** Invoices per transaction when a whole month goes. */
const BATCH = 200;

/** Whole kip as people read it: `1,234,567 ₭`. */
export const kipText = (amount: number) => `${kip(amount)} ₭`;

/** 'YYYY-MM-DD' (first of the month) → 'MM/YYYY'. */
export const monthText = (month: string) => `${month.slice(5, 7)}/${month.slice(0, 4)}`;

/** The public page of an invoice, as the shop opens it from the message. */
export const invoiceLink = (config: Pick<Config, 'publicUrl'>, token: string) =>
  `${config.publicUrl}/invoice/${token}`;

export async function sendInvoices(
  deps: { db: Db; outbox: Outbox; config: Config },
  ctx: AuthedContext,
  body: SendInvoicesBody,
  mode: SendMode,
): Promise<SendInvoicesResult> {
  // In production without PUBLIC_URL the link would be http://localhost:PORT: send nothing rather
  // than messages whose link opens nothing for the shop (the startup log says so too).
  if (publicUrlMissing(deps.config)) throw conflict('errors.publicUrlMissing');
  const explicit = [...new Set([...(body.invoiceId ? [body.invoiceId] : []), ...(body.invoiceIds ?? [])])];
  const ids = explicit.length
    ? explicit
    : await invoiceIdsOfMonth(deps.db, ctx.actor, `${body.month}-01`, mode === 'send');
  const result: SendInvoicesResult = { queued: 0, skipped: [] };
  for (let i = 0; i < ids.length; i += BATCH) {
    const chunk = ids.slice(i, i + BATCH);
    const done = await deps.db.transaction(async (tx) => {
      const rows = await lockInvoicesById(tx, ctx.actor, chunk);
      // One the caller may not see answers as one that does not exist (no probing other shops' ids).
      if (explicit.length && rows.length !== chunk.length) throw notFound('errors.invoiceNotFound');
      const skipped: SendInvoicesResult['skipped'] = [];
      const sent: Array<{ invoice: SendableInvoice; messageId: string }> = [];
      for (const invoice of rows) {
        const reason = skipReason(invoice, mode);
        if (reason) {
          skipped.push({ invoiceId: invoice.id, number: invoice.number, reason });
          continue;
        }
        const { id } = await deps.outbox.enqueue(tx, {
          channel: 'WHATSAPP',
          recipient: invoice.whatsapp ?? '',
          kind: 'rent_invoice',
          language: 'lo',
          params: {
            shop: invoice.shopName,
            number: invoice.number,
            month: monthText(invoice.month),
            amount: kipText(invoice.total - invoice.paid),
            dueDate: dayText(invoice.dueDate),
            link: invoiceLink(deps.config, invoice.publicToken),
          },
          shopId: invoice.shopId,
          createdBy: ctx.actor.id,
          cause: 'invoice.send',
          causeId: invoice.id,
        });
        sent.push({ invoice, messageId: id });
      }
      await markSent(
        tx,
        sent.map((s) => ({ id: s.invoice.id, messageId: s.messageId })),
      );
      await auditSends(tx, ctx, mode, sent);
      return { queued: sent.length, skipped };
    });
    result.queued += done.queued;
    result.skipped.push(...done.skipped);
    if (done.queued) deps.outbox.nudge();
  }
  return result;
}

function skipReason(invoice: SendableInvoice, mode: SendMode): string | null {
  if (invoice.status === 'VOID') return 'void';
  // Nothing left to pay: a message asking for 0 ₭ would only confuse the shop.
  if (invoice.status === 'PAID') return 'paid';
  if (!invoice.whatsapp) return 'no_whatsapp';
  if (mode === 'send' && invoice.sentAt) return 'already_sent';
  return null;
}

/** One `invoice.send` event per invoice sent, in the sending transaction (one statement for the batch). */
async function auditSends(
  tx: Executor,
  ctx: AuthedContext,
  mode: SendMode,
  sent: ReadonlyArray<{ invoice: SendableInvoice; messageId: string }>,
) {
  if (!sent.length) return;
  // The chain lock first, then the time: nothing is appended before these with a later time.
  await tx.execute(sql`select pg_advisory_xact_lock(${ADVISORY_LOCKS.auditChain})`);
  const at = new Date();
  await appendPastAuditEvents(
    tx,
    sent.map(({ invoice, messageId }) => ({
      at,
      actorId: ctx.actor.id,
      actorName: ctx.actor.fullName,
      actorRole: ctx.actor.role,
      shopId: invoice.shopId,
      action: 'invoice.send',
      entity: 'invoice',
      entityId: invoice.id,
      before: { sendCount: invoice.sendCount, sentAt: invoice.sentAt },
      after: {
        number: invoice.number,
        resend: mode === 'resend',
        sendCount: invoice.sendCount + 1,
        messageId,
        recipient: invoice.whatsapp,
        amountDue: invoice.total - invoice.paid,
      },
      ip: ctx.ip,
      requestId: ctx.requestId,
    })),
  );
}
