import type { ListMembersQuery, MemberDetail } from '@parking-hub/contracts/members';
import type { Db } from '../../db/client.ts';
import type { AuthedContext } from '../../lib/context.ts';
import { notFound } from '../../lib/errors.ts';
import { pageMeta, pageOffset } from '../../lib/paging.ts';
import { iso } from '../../lib/time.ts';
import { shopScope } from '../../tenancy/scope.ts';
import { resolveShopId } from '../bills/bills.locate.ts';
import { pageOfMembers } from './members.list.ts';
import { findMember, findMemberShop, lastVisits, paymentsOf, replacedNumbers } from './members.repository.ts';

import { memberScope, shopToday, toMember, toPayment } from './members.shared.ts';

/** Reading members: a page of them (members.list.ts) and one member with their history. */

export async function listMembers(db: Db, ctx: AuthedContext, query: ListMembersQuery) {
  const { page, pageSize } = query;
  const own = ctx.actor.role === 'SHOP' ? ctx.actor.shopId : null;
  const shopId = query.shopId || own ? await resolveShopId(db, ctx, query.shopId ?? own) : null;
  const shop = shopId ? await findMemberShop(db, shopId) : null;
  if (shopId && !shop) throw notFound('errors.shopNotFound');
  const { rows, total, capped } = await pageOfMembers(
    db,
    {
      shop: shop ? { id: shop.id, today: shopToday(shop) } : null,
      scope: (column) => shopScope(ctx.actor, column),
      search: query.search,
      status: query.status,
      expiringWithin: query.expiringWithin,
      few: !!shop || ctx.actor.role === 'MANAGER',
    },
    pageSize,
    pageOffset({ page, pageSize }),
  );
  const now = new Date();
  return {
    data: rows.map((r) => toMember(r, shopToday(r, now))),
    meta: { ...pageMeta({ page, pageSize }, total), totalCapped: capped },
  };
}

/** A member, their payments (newest first), their last 20 visits and the cards they held before. */
export async function memberDetail(db: Db, ctx: AuthedContext, id: string): Promise<MemberDetail> {
  const row = await findMember(db, id, memberScope(ctx));
  if (!row) throw notFound('errors.memberIdNotFound');
  const [payments, visits, replaced] = await Promise.all([
    paymentsOf(db, id),
    lastVisits(db, id),
    replacedNumbers(db, id),
  ]);
  const held = [...replaced, ...[...payments].reverse().map((p) => p.number)];
  const previousNumbers = [...new Set(held)].filter((n): n is string => !!n && n !== row.number);
  return {
    member: toMember(row),
    payments: payments.map(toPayment),
    visits: visits.map((v) => ({
      billId: String(v.billId),
      number: v.number,
      plate: v.plate,
      checkInAt: iso(v.checkInAt),
      checkOutAt: v.checkOutAt ? iso(v.checkOutAt) : null,
    })),
    previousNumbers,
  };
}
