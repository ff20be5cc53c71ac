import type { Member, MemberStatus, ReplaceCardBody, UpdateMemberBody } from '@parking-hub/contracts/members';
import type { Db } from '../../db/client.ts';
import type { AuthedContext } from '../../lib/context.ts';
import { badRequest, conflict } from '../../lib/errors.ts';
import { assignNumber, lockNumber, releaseNumber, updateMember } from './members.repository.ts';

import {
  auditMember,
  claimPlates,
  fieldError,
  loaded,
  lockedMember,
  shopToday,
  toMember,
} from './members.shared.ts';

/**
 * A manager's changes to a member (decision 019): details and dates, a new card for a lost one,
 * cancelling. Each runs under the member's lock and is audited with the before and after.
 */

/**
 * A manager's change (`membership.update`): only the fields sent. The period keeps its end on or
 * after its start (with the stored other bound); the status goes ACTIVE ↔ SUSPENDED, and a pass
 * made ACTIVE, or whose dates move, is ACTIVE or EXPIRED by its end against the shop's today.
 */
export async function updateMemberDetails(
  db: Db,
  ctx: AuthedContext,
  body: UpdateMemberBody,
): Promise<Member> {
  const { id, ...fields } = body;
  if (Object.values(fields).every((v) => v === undefined))
    throw badRequest({ id: 'validation.nothingToChange' });
  return db.transaction(async (tx) => {
    const before = await lockedMember(tx, ctx, id);
    if (before.status === 'CANCELLED') throw conflict('errors.memberCancelled');
    const today = shopToday(before);
    const validFrom = body.validFrom ?? before.validFrom;
    const validUntil = body.validUntil ?? before.validUntil;
    if (validUntil < validFrom)
      throw badRequest({ [body.validUntil ? 'validUntil' : 'validFrom']: 'validation.passEndBeforeStart' });
    const datesMoved = body.validFrom !== undefined || body.validUntil !== undefined;
    let status = (body.status ?? before.status) as MemberStatus;
    if ((body.status !== undefined || datesMoved) && (status === 'ACTIVE' || status === 'EXPIRED'))
      status = validUntil < today ? 'EXPIRED' : 'ACTIVE';
    const plateKeys = body.plates ? await claimPlates(tx, before.shopId, body.plates, before.id) : undefined;
    await updateMember(tx, before.id, {
      fullName: body.fullName,
      phone: body.phone,
      plates: body.plates,
      plateKeys,
      vehicleType: body.vehicleType,
      validFrom,
      validUntil,
      status,
      note: body.note,
    });
    const after = await loaded(tx, before.id);
    await auditMember(tx, ctx, 'membership.update', { before, after });
    return toMember(after, today);
  });
}

/**
 * A lost or broken card (`membership.replace_card`): the member moves to a free card of the shop
 * (locked and checked free), the old one becomes LOST.
 */
export async function replaceCard(db: Db, ctx: AuthedContext, body: ReplaceCardBody): Promise<Member> {
  return db.transaction(async (tx) => {
    const before = await lockedMember(tx, ctx, body.memberId);
    if (before.status === 'CANCELLED') throw conflict('errors.memberCancelled');
    const card = await lockNumber(tx, body.numberId, before.shopId);
    if (!card) throw fieldError(404, 'errors.numberNotFound', 'numberId');
    if (card.status !== 'AVAILABLE')
      throw fieldError(409, 'errors.numberNotAvailable', 'numberId', { number: card.number });
    if (before.numberId) await releaseNumber(tx, before.numberId, before.id, 'LOST');
    await assignNumber(tx, card.id, before.id);
    await updateMember(tx, before.id, { numberId: card.id, number: card.number });
    const after = await loaded(tx, before.id);
    await auditMember(tx, ctx, 'membership.replace_card', { before, after });
    return toMember(after);
  });
}

/** Cancels a member (`membership.cancel`): kept, never deleted; their card is free again. */
export async function cancelMember(db: Db, ctx: AuthedContext, id: string): Promise<Member> {
  return db.transaction(async (tx) => {
    const before = await lockedMember(tx, ctx, id);
    if (before.status === 'CANCELLED') throw conflict('errors.memberCancelled');
    await updateMember(tx, before.id, { status: 'CANCELLED' });
    if (before.numberId) await releaseNumber(tx, before.numberId, before.id, 'AVAILABLE');
    const after = await loaded(tx, before.id);
    await auditMember(tx, ctx, 'membership.cancel', { before, after });
    return toMember(after);
  });
}
