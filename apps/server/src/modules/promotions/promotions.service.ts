import { calendarDate } from '@parking-hub/contracts/business-day';
import type { PageMeta } from '@parking-hub/contracts/envelope';
import type { MessageKey } from '@parking-hub/contracts/messages';
import {
  type CreatePromotionBody,
  type DiscountType,
  type ListPromotionsBody,
  monthDays,
  type Promotion,
  type PromotionAudience,
  promotionApplies,
  promotionDiscount,
  promotionMonthIndex,
  promotionRuleErrors,
  promotionState,
  type ShopPromotion,
  type UpdatePromotionBody,
} from '@parking-hub/contracts/promotions';
import type { Db, Executor } from '../../db/client.ts';
import { type Actor, type AuthedContext, isAdmin } from '../../lib/context.ts';
import { badRequest, forbidden, notFound } from '../../lib/errors.ts';
import { pageMeta } from '../../lib/paging.ts';
import { iso } from '../../lib/time.ts';
import { isShopInScope } from '../../tenancy/scope.ts';
import { audit } from '../audit/audit.service.ts';
import { assertWithinCap, readAgentCap, tooManyRunning } from './promotions.cap.ts';
import type { PromotionImageUpload } from './promotions.image.ts';
import { promotionImages } from './promotions.image.ts';
import {
  countRunning,
  existingPackages,
  findPromotion,
  insertPromotion,
  isActiveAgent,
  listPromotionRows,
  lockAgent,
  type PromotionRow,
  promotionScope,
  promotionsTouching,
  shopForMonth,
  shopsInScope,
  updatePromotionRow,
} from './promotions.repository.ts';

export const todayIn = (timezone: string) => calendarDate(new Date(), timezone);

/** What a promotion is made of, as stored (before the caller's view of it). */
type Stored = Omit<
  PromotionRow,
  'agentName' | 'ownerName' | 'createdAt' | 'updatedAt' | 'id' | 'discountType' | 'audience'
> & {
  discountType: DiscountType;
  audience: PromotionAudience;
};

const running = (p: Stored, today: string) =>
  promotionState(p, today) === 'ACTIVE' || promotionState(p, today) === 'UPCOMING';

/**
 * Promotions as the caller sees them: an agent sees only their own shops among those chosen
 * (never another agent's shop ids), and whether they may change each one.
 */
async function present(
  db: Executor,
  actor: Actor,
  rows: PromotionRow[],
  today: string,
): Promise<Promotion[]> {
  const ids = [...new Set(rows.flatMap((r) => r.shopIds))];
  const names = new Map((await shopsInScope(db, actor, ids)).map((s) => [s.id, s.name]));
  return rows.map((row) => {
    const shopIds = row.shopIds.filter((id) => names.has(id));
    return {
      ...row,
      discountType: row.discountType as DiscountType,
      audience: row.audience as PromotionAudience,
      shopIds,
      shops: shopIds.map((id) => ({ id, name: names.get(id) ?? '' })),
      state: promotionState(row, today),
      editable: isAdmin(actor) || row.ownerAgentId === actor.id,
      createdAt: iso(row.createdAt),
      updatedAt: iso(row.updatedAt),
    };
  });
}

function auditPromotion(
  tx: Executor,
  ctx: AuthedContext,
  action: string,
  id: string,
  change: { before?: unknown; after?: unknown },
) {
  return audit(tx, ctx, { action, entity: 'promotion', entityId: id, shopId: null, ...change });
}

const unique = (ids: readonly string[]) => [...new Set(ids)];

/** The ids in `now` that were not in `was`. */
const added = (now: readonly string[], was: readonly string[] | undefined) =>
  was ? now.filter((id) => !was.includes(id)) : [...now];

/**
 * The audience made whole and checked against the caller: fields that do not belong to it are
 * dropped; an agent addresses only their own shops (never every shop, never another agent), an
 * admin names an active agent and existing shops; every package exists. On a change (`was`), only
 * what the caller adds is checked: a chosen shop that has since moved to another agent, or an
 * audience agent since suspended, does not stop its owner editing the rest.
 */
async function settleAudience(tx: Executor, ctx: AuthedContext, p: Stored, was?: Stored): Promise<Stored> {
  const actor = ctx.actor;
  const out: Stored = {
    ...p,
    packageIds: unique(p.packageIds),
    shopIds: p.audience === 'SHOPS' ? unique(p.shopIds) : [],
  };
  if (out.audience === 'ALL' || out.audience === 'SHOPS') out.agentId = null;
  const fail = (field: string, key: MessageKey) => badRequest({ [field]: key });
  if (!isAdmin(actor)) {
    if (out.audience === 'ALL') throw fail('audience', 'validation.promotionAudienceAll');
    if (out.audience === 'AGENT' || out.audience === 'NEW_SHOPS') {
      if (out.agentId && out.agentId !== actor.id) throw fail('agentId', 'validation.promotionAgentSelf');
      out.agentId = actor.id;
    }
  } else if (out.audience === 'AGENT' && !out.agentId) {
    throw fail('agentId', 'validation.promotionAgent');
  }
  if (
    out.agentId &&
    isAdmin(actor) &&
    out.agentId !== was?.agentId &&
    !(await isActiveAgent(tx, out.agentId))
  )
    throw fail('agentId', 'validation.promotionAgent');
  const newShops = added(out.shopIds, was?.shopIds);
  if (newShops.length > 0 && (await shopsInScope(tx, actor, newShops)).length !== newShops.length)
    throw fail('shopIds', 'validation.promotionShops');
  const newPackages = added(out.packageIds, was?.packageIds);
  const known = await existingPackages(tx, newPackages);
  if (newPackages.some((id) => !known.has(id))) throw fail('packageIds', 'validation.promotionPackage');
  return out;
}

function assertRules(p: Stored) {
  const errors = promotionRuleErrors(p);
  if (Object.keys(errors).length > 0) throw badRequest(errors);
}

/**
 * An agent's promotion within the cap admins set: its discount (when new or changed, or when the
 * promotion starts running again: switched on, or its dates extended, after admins may have lowered
 * the cap) and the number running once it runs (checked under a lock on the agent, so two at the
 * cap cannot both pass).
 */
async function assertCap(
  tx: Executor,
  ownerId: string,
  p: Stored,
  today: string,
  was?: { id: string; stored: Stored },
) {
  const cap = await readAgentCap(tx);
  const discountChanged =
    !was || was.stored.discountType !== p.discountType || was.stored.discountValue !== p.discountValue;
  const startsRunning = running(p, today) && !(was && running(was.stored, today));
  if (discountChanged || startsRunning) assertWithinCap(cap, p.discountType, p.discountValue);
  if (!startsRunning) return;
  await lockAgent(tx, ownerId);
  if ((await countRunning(tx, ownerId, today, was?.id)) + 1 > cap.maxActive) throw tooManyRunning(cap);
}

function storedOf(row: PromotionRow): Stored {
  const { id: _i, agentName: _a, ownerName: _o, createdAt: _c, updatedAt: _u, ...stored } = row;
  return {
    ...stored,
    discountType: row.discountType as DiscountType,
    audience: row.audience as PromotionAudience,
  };
}

async function readBack(tx: Executor, ctx: AuthedContext, id: string, today: string): Promise<Promotion> {
  const row = await findPromotion(tx, id, undefined);
  if (!row) throw notFound('errors.promotionNotFound');
  const [promotion] = await present(tx, ctx.actor, [row], today);
  if (!promotion) throw notFound('errors.promotionNotFound');
  return promotion;
}

export async function listPromotions(
  db: Db,
  ctx: AuthedContext,
  body: ListPromotionsBody,
  timezone: string,
): Promise<{ data: Promotion[]; meta: PageMeta }> {
  const today = todayIn(timezone);
  if (body.shopId && !(await isShopInScope(db, ctx.actor, body.shopId)))
    throw notFound('errors.shopNotFound');
  const { rows, total } = await listPromotionRows(db, ctx.actor, { ...body, today, timezone });
  return { data: await present(db, ctx.actor, rows, today), meta: pageMeta(body, total) };
}

export async function createPromotion(
  db: Db,
  ctx: AuthedContext,
  body: CreatePromotionBody,
  timezone: string,
): Promise<Promotion> {
  const today = todayIn(timezone);
  const ownerAgentId = isAdmin(ctx.actor) ? null : ctx.actor.id;
  return db.transaction(async (tx) => {
    const p = await settleAudience(tx, ctx, {
      ...body,
      agentId: body.agentId ?? null,
      maxUses: body.maxUses ?? null,
      imagePath: null,
      uses: 0,
      ownerAgentId,
    });
    if (ownerAgentId) await assertCap(tx, ownerAgentId, p, today);
    const id = await insertPromotion(tx, { ...p, createdBy: ctx.actor.id });
    await auditPromotion(tx, ctx, 'promotion.create', id, { after: p });
    return readBack(tx, ctx, id, today);
  });
}

/** The promotion to change: outside the caller's reading scope "not found", read-only 403. */
async function editable(tx: Executor, ctx: AuthedContext, id: string): Promise<PromotionRow> {
  const row = await findPromotion(tx, id, promotionScope(ctx.actor), true);
  if (!row) throw notFound('errors.promotionNotFound');
  if (!isAdmin(ctx.actor) && row.ownerAgentId !== ctx.actor.id) throw forbidden('errors.promotionReadOnly');
  return row;
}

const changedKeys = (before: Stored, after: Stored) =>
  (Object.keys(after) as Array<keyof Stored>).filter(
    (k) => JSON.stringify(before[k]) !== JSON.stringify(after[k]),
  );

const pick = (p: Stored, keys: Array<keyof Stored>) => Object.fromEntries(keys.map((k) => [k, p[k]]));

export async function updatePromotion(
  db: Db,
  ctx: AuthedContext,
  body: UpdatePromotionBody,
  opts: { timezone: string; uploadsDir: string },
): Promise<Promotion> {
  const today = todayIn(opts.timezone);
  const { id, ...sent } = body;
  const defined = Object.fromEntries(Object.entries(sent).filter(([, v]) => v !== undefined));
  const { promotion, removed } = await db.transaction(async (tx) => {
    const row = await editable(tx, ctx, id);
    const before = storedOf(row);
    const merged: Stored = { ...before, ...defined };
    // Switching off is always open to whoever may edit it: nothing about the audience is re-checked.
    const onlyOff = Object.keys(defined).length === 1 && defined.active === false;
    if (!onlyOff) assertRules(merged);
    const after = onlyOff ? merged : await settleAudience(tx, ctx, merged, before);
    if (after.ownerAgentId && !isAdmin(ctx.actor))
      await assertCap(tx, after.ownerAgentId, after, today, { id, stored: before });
    const keys = changedKeys(before, after);
    if (keys.length === 0) return { promotion: await readBack(tx, ctx, id, today), removed: null };
    await updatePromotionRow(tx, id, pick(after, keys));
    await auditPromotion(tx, ctx, 'promotion.update', id, {
      before: pick(before, keys),
      after: pick(after, keys),
    });
    const gone = keys.includes('imagePath') ? before.imagePath : null;
    return { promotion: await readBack(tx, ctx, id, today), removed: gone };
  });
  await promotionImages(opts.uploadsDir).remove(removed);
  return promotion;
}

/**
 * Point a promotion at a new picture: written only once the promotion is known to be editable,
 * removed again if the change fails; the old file goes after the commit (best effort).
 */
export async function replaceImage(
  db: Db,
  ctx: AuthedContext,
  upload: PromotionImageUpload,
  opts: { timezone: string; uploadsDir: string },
): Promise<Promotion> {
  const today = todayIn(opts.timezone);
  const images = promotionImages(opts.uploadsDir);
  await db.transaction((tx) => editable(tx, ctx, upload.id));
  const stored = await images.store(upload.image);
  const { promotion, previous } = await db
    .transaction(async (tx) => {
      const row = await editable(tx, ctx, upload.id);
      await updatePromotionRow(tx, row.id, { imagePath: stored });
      await auditPromotion(tx, ctx, 'promotion.image', row.id, {
        before: { imagePath: row.imagePath },
        after: { imagePath: stored },
      });
      return { promotion: await readBack(tx, ctx, row.id, today), previous: row.imagePath };
    })
    .catch(async (err: unknown) => {
      await images.remove(stored);
      throw err;
    });
  await images.remove(previous);
  return promotion;
}

/** A promotion on a shop's rent of one month, with what it takes off that month's package price. */
export interface ApplicablePromotion {
  row: PromotionRow;
  monthIndex: number;
  packageId: string | null;
  monthlyPrice: number | null;
  discount: number | null;
}

/**
 * The promotions that apply to a shop's rent of `month` ('YYYY-MM'), the largest discount first
 * (for the rent invoices: no scope check here). A new shop's day is taken in `timezone`.
 */
export async function applicablePromotions(
  db: Executor,
  shopId: string,
  month: string,
  timezone = 'Asia/Vientiane',
): Promise<ApplicablePromotion[]> {
  const { first, last } = monthDays(month);
  const shop = await shopForMonth(db, shopId, first, timezone);
  if (!shop) return [];
  const terms = { shopId, agentId: shop.agent_id, createdAt: shop.created_on, packageId: shop.package_id };
  const price = shop.monthly_price === null ? null : Number(shop.monthly_price);
  const rows = (await promotionsTouching(db, first, last)).filter((r) =>
    promotionApplies({ ...r, audience: r.audience as PromotionAudience }, terms, month),
  );
  const found = rows.map((row) => {
    const monthIndex = promotionMonthIndex(row, shop.created_on, month);
    const discount =
      price === null
        ? null
        : promotionDiscount({ ...row, discountType: row.discountType as DiscountType }, price, monthIndex);
    return { row, monthIndex, packageId: shop.package_id, monthlyPrice: price, discount };
  });
  return found.sort((a, b) => (b.discount ?? 0) - (a.discount ?? 0));
}

export async function promotionsForShop(
  db: Db,
  ctx: AuthedContext,
  body: { shopId: string; month: string },
  timezone: string,
): Promise<ShopPromotion[]> {
  if (!(await isShopInScope(db, ctx.actor, body.shopId))) throw notFound('errors.shopNotFound');
  // An agent never reads another agent's promotion, even one left on a shop that moved to them.
  const found = (await applicablePromotions(db, body.shopId, body.month, timezone)).filter(
    (f) => isAdmin(ctx.actor) || f.row.ownerAgentId === null || f.row.ownerAgentId === ctx.actor.id,
  );
  const shown = await present(
    db,
    ctx.actor,
    found.map((f) => f.row),
    todayIn(timezone),
  );
  return shown.map((promotion, i) => {
    const { monthIndex, packageId, monthlyPrice, discount } = found[i] as ApplicablePromotion;
    return { ...promotion, monthIndex, packageId, monthlyPrice, discount };
  });
}
