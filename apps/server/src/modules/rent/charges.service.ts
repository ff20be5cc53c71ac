import { calendarDate } from '@parking-hub/contracts/business-day';
import type { Paging } from '@parking-hub/contracts/envelope';
import type { Charge, CreateChargeBody } from '@parking-hub/contracts/rent';
import { sql } from 'drizzle-orm';
import type { Db, Executor } from '../../db/client.ts';
import type { AuthedContext } from '../../lib/context.ts';
import { AppError, badRequest, notFound } from '../../lib/errors.ts';
import { pageMeta } from '../../lib/paging.ts';
import { audit } from '../audit/audit.service.ts';

/**
 * One-off charges on a main shop's rent (admins): the first invoice made for a month on or after
 * the charge's month picks it up as a FEE line. A branch given stands for its main shop. A charge
 * an invoice has picked up is kept (409 errors.chargeInvoiced); voiding the invoice gives it back.
 */

type ChargeRow = {
  id: string;
  shopId: string;
  shopName: string;
  feeId: string | null;
  month: string;
  descriptionLo: string;
  descriptionEn: string;
  quantity: number;
  unitPrice: string;
  note: string | null;
  invoiceId: string | null;
  invoiceNumber: string | null;
  createdAt: Date | string;
};

const selectCharge = sql`
  select c.id, c.shop_id as "shopId", s.name as "shopName", c.fee_id as "feeId", to_char(c.month, 'YYYY-MM') as month,
         c.description_lo as "descriptionLo", c.description_en as "descriptionEn", c.quantity,
         c.unit_price as "unitPrice", c.note, c.invoice_id as "invoiceId", i.number as "invoiceNumber",
         c.created_at as "createdAt"
  from rent_charges c join shops s on s.id = c.shop_id left join rent_invoices i on i.id = c.invoice_id`;

function present(r: ChargeRow): Charge {
  const unitPrice = Number(r.unitPrice);
  return {
    ...r,
    unitPrice,
    amount: unitPrice * r.quantity,
    createdAt: new Date(r.createdAt).toISOString(),
  };
}

async function chargeById(db: Executor, id: string): Promise<Charge | null> {
  const res = await db.execute<ChargeRow>(sql`${selectCharge} where c.id = ${id}`);
  return res.rows[0] ? present(res.rows[0]) : null;
}

export async function createCharge(
  db: Db,
  ctx: AuthedContext,
  body: CreateChargeBody,
  timezone: string,
): Promise<Charge> {
  return db.transaction(async (tx) => {
    const shop = await tx.execute<{ main: string }>(
      sql`select coalesce(parent_id, id) as main from shops where id = ${body.shopId}`,
    );
    const main = shop.rows[0]?.main;
    if (!main) throw badRequest({ shopId: 'errors.shopNotFound' });
    let descriptionLo = body.descriptionLo ?? '';
    let descriptionEn = '';
    let unitPrice = body.unitPrice;
    if (body.feeId) {
      const fee = await tx.execute<{ nameLo: string; nameEn: string; amount: number }>(
        sql`select name_lo as "nameLo", name_en as "nameEn", amount from fees where id = ${body.feeId}`,
      );
      const f = fee.rows[0];
      if (!f) throw badRequest({ feeId: 'validation.invalid' });
      descriptionLo ||= f.nameLo;
      descriptionEn = body.descriptionLo ? body.descriptionLo : f.nameEn;
      unitPrice ??= f.amount;
    }
    if (!descriptionLo) throw badRequest({ descriptionLo: 'validation.lineDescription' });
    if (unitPrice === undefined) throw badRequest({ unitPrice: 'validation.amountFormat' });
    descriptionEn ||= descriptionLo;
    const month = `${body.month ?? calendarDate(new Date(), timezone).slice(0, 7)}-01`;
    if (body.idempotencyKey) {
      // Two requests with one key (a double click, a retry) take turns here; the second finds the first.
      await tx.execute(
        sql`select pg_advisory_xact_lock(hashtextextended(${`rent_charge:${body.idempotencyKey}`}, 0))`,
      );
      const earlier = await tx.execute<ChargeRow>(
        sql`${selectCharge} where c.idempotency_key = ${body.idempotencyKey}`,
      );
      const first = earlier.rows[0];
      if (first) {
        const same =
          first.shopId === main &&
          first.month === month.slice(0, 7) &&
          first.descriptionLo === descriptionLo &&
          first.quantity === body.quantity &&
          Number(first.unitPrice) === unitPrice;
        if (!same)
          throw new AppError(
            409,
            'errors.idempotencyKeyReused',
            {},
            { idempotencyKey: 'errors.idempotencyKeyReused' },
          );
        return present(first);
      }
    }
    const res = await tx.execute<{ id: string }>(sql`
      insert into rent_charges (shop_id, fee_id, month, description_lo, description_en, quantity, unit_price, note,
                                idempotency_key, created_by)
      values (${main}, ${body.feeId ?? null}, ${month}::date, ${descriptionLo}, ${descriptionEn}, ${body.quantity},
              ${unitPrice}, ${body.note ?? null}, ${body.idempotencyKey ?? null}, ${ctx.actor.id})
      returning id`);
    const id = res.rows[0]?.id as string;
    const charge = (await chargeById(tx, id)) as Charge;
    await audit(tx, ctx, {
      action: 'rent_charge.create',
      entity: 'rent_charge',
      entityId: id,
      shopId: main,
      after: charge,
    });
    return charge;
  });
}

export async function listCharges(
  db: Db,
  body: Paging & { shopId?: string | undefined; pending?: boolean | undefined },
) {
  const parts = [sql`true`];
  if (body.shopId)
    parts.push(sql`c.shop_id = (select coalesce(parent_id, id) from shops where id = ${body.shopId})`);
  if (body.pending === true) parts.push(sql`c.invoice_id is null`);
  if (body.pending === false) parts.push(sql`c.invoice_id is not null`);
  const where = sql.join(parts, sql` and `);
  const [rows, count] = await Promise.all([
    db.execute<ChargeRow>(sql`${selectCharge} where ${where}
      order by c.created_at desc, c.id limit ${body.pageSize} offset ${(body.page - 1) * body.pageSize}`),
    db.execute<{ n: string }>(sql`select count(*)::text as n from rent_charges c where ${where}`),
  ]);
  return { data: rows.rows.map(present), meta: pageMeta(body, Number(count.rows[0]?.n ?? 0)) };
}

export async function deleteCharge(db: Db, ctx: AuthedContext, id: string): Promise<void> {
  await db.transaction(async (tx) => {
    const res = await tx.execute<{ id: string }>(
      sql`select id from rent_charges where id = ${id} for update`,
    );
    if (!res.rows[0]) throw notFound('errors.chargeNotFound');
    const charge = (await chargeById(tx, id)) as Charge;
    if (charge.invoiceId)
      throw new AppError(409, 'errors.chargeInvoiced', { number: charge.invoiceNumber ?? '' });
    await tx.execute(sql`delete from rent_charges where id = ${id}`);
    await audit(tx, ctx, {
      action: 'rent_charge.delete',
      entity: 'rent_charge',
      entityId: id,
      shopId: charge.shopId,
      before: charge,
    });
  });
}
