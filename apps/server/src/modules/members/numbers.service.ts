import {
  type CreateNumbersBody,
  type CreateNumbersResult,
  type DeleteNumberResult,
  type ListNumbersQuery,
  type MemberNumberRow,
  type NumberStatus,
  rangeNumbers,
} from '@parking-hub/contracts/members';
import type { Db } from '../../db/client.ts';
import { memberNumbers } from '../../db/schema/members.ts';
import type { AuthedContext } from '../../lib/context.ts';
import { AppError, notFound } from '../../lib/errors.ts';
import { pageMeta, pageOffset } from '../../lib/paging.ts';
import { iso } from '../../lib/time.ts';
import { shopScope } from '../../tenancy/scope.ts';
import { audit } from '../audit/audit.service.ts';
import { resolveShopId } from '../bills/bills.locate.ts';
import {
  deleteNumberRow,
  insertNumbers,
  listNumbers as listNumberRows,
  lockScopedNumber,
  type NumberRow,
  numberReferenced,
  retireNumber,
} from './numbers.repository.ts';

function toNumberRow(row: NumberRow): MemberNumberRow {
  return {
    ...row,
    status: row.status as NumberStatus,
    createdAt: iso(row.createdAt),
    updatedAt: iso(row.updatedAt),
  };
}

/**
 * One card number or a range into the shop's pool (`membership.number_create`, one event for the
 * lot); numbers the shop already has are skipped and counted.
 */
export async function createNumbers(
  db: Db,
  ctx: AuthedContext,
  body: CreateNumbersBody,
): Promise<CreateNumbersResult> {
  const shopId = await resolveShopId(db, ctx, body.shopId);
  const wanted = body.number
    ? [body.number]
    : rangeNumbers(body.prefix ?? '', body.from ?? 0, body.to ?? 0, body.digits);
  return db.transaction(async (tx) => {
    const made = await insertNumbers(tx, shopId, wanted);
    const result = {
      created: made.length,
      skipped: wanted.length - made.length,
      first: made[0] ?? null,
      last: made.at(-1) ?? null,
    };
    if (made.length)
      await audit(tx, ctx, {
        action: 'membership.number_create',
        entity: 'member_number',
        shopId,
        after: { shopId, ...result },
      });
    return result;
  });
}

export async function listNumbers(db: Db, ctx: AuthedContext, query: ListNumbersQuery) {
  const shopId = await resolveShopId(db, ctx, query.shopId);
  const { page, pageSize } = query;
  const { rows, total } = await listNumberRows(
    db,
    { shopId, status: query.status, search: query.search },
    pageSize,
    pageOffset({ page, pageSize }),
  );
  return { data: rows.map(toNumberRow), meta: pageMeta({ page, pageSize }, total) };
}

/**
 * Deletes a card number: one never given to a member goes (REMOVED); one that was is RETIRED, so
 * the payments and bills that name it keep it; one a member holds now is refused (409).
 */
export async function deleteNumber(db: Db, ctx: AuthedContext, id: string): Promise<DeleteNumberResult> {
  return db.transaction(async (tx) => {
    const row = await lockScopedNumber(tx, id, shopScope(ctx.actor, memberNumbers.shopId));
    if (!row) throw notFound('errors.numberNotFound');
    if (row.status === 'ASSIGNED') throw new AppError(409, 'errors.numberAssigned', { number: row.number });
    const before = { shopId: row.shopId, number: row.number, status: row.status };
    if (row.status === 'RETIRED') return { id, outcome: 'RETIRED' };
    const used = row.everAssigned !== null || (await numberReferenced(tx, id));
    if (used) await retireNumber(tx, id);
    else await deleteNumberRow(tx, id);
    const outcome = used ? 'RETIRED' : 'REMOVED';
    await audit(tx, ctx, {
      action: used ? 'membership.number_retire' : 'membership.number_remove',
      entity: 'member_number',
      entityId: id,
      shopId: row.shopId,
      before,
      after: used ? { ...before, status: 'RETIRED' } : undefined,
    });
    return { id, outcome };
  });
}
