import type { Role } from '@parking-hub/contracts/roles';
import type { VehicleType } from '@parking-hub/contracts/vehicles';
import { sql } from 'drizzle-orm';
import type { Database, Executor } from '../../db/client.ts';
import {
  AuditTimeOrderError,
  appendPastAuditEvents,
  type DatedAuditEvent,
} from '../audit/audit.repository.ts';
import { auditView as priceAuditView, shopRules } from '../prices/prices.service.ts';
import { findShop } from '../shops/shops.repository.ts';
import { auditView as shopAuditView, toShop } from '../shops/shops.service.ts';
import { findUser } from '../users/users.repository.ts';
import { toUser, auditView as userAuditView } from '../users/users.service.ts';
import type { DemoShop } from './demo.bills.ts';
import { Random } from './demo.random.ts';
import { planBillEvents } from './demo.trail-bills.ts';
import { laoDay, laoTime, type Person, Trail } from './demo.trail-events.ts';
import { planSetup, type RuleView, type SetupShop } from './demo.trail-setup.ts';
import { planSignIns } from './demo.trail-sign-ins.ts';

const PHONE =
  'Mozilla/5.0 (Linux; Android 13; SM-A145F) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0.0.0 Mobile Safari/537.36';
const DESKTOP =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0.0.0 Safari/537.36';

/** When the demo was installed: 08:00 on the first whole Lao day of its story. */
export const installedAt = (start: Date): Date => new Date(laoTime(laoDay(start.getTime()) + 1, 8 * 60));

export interface TrailInput {
  shops: DemoShop[];
  superAdmin: string;
  ops: string;
  agents: string[];
  /** The story's start (the members' valid-from); the installation is the next morning. */
  start: Date;
  now: Date;
  days: number;
  seed: number;
  log: (line: string) => void;
}

/** The demo's users as the trail names them, read as the users service reads them. */
async function loadPeople(db: Executor, o: TrailInput): Promise<(id: string) => Person> {
  const shopIp = new Map(o.shops.map((s, i) => [s.id, `203.0.113.${(i % 254) + 1}`]));
  const office = [o.superAdmin, o.ops, ...o.agents];
  const ids = new Set([...office, ...o.shops.flatMap((s) => [s.manager, s.morning, s.evening])]);
  const people = new Map<string, Person>();
  for (const id of ids) {
    const row = await findUser(db, id);
    if (!row) throw new Error(`demo user ${id} not found`);
    const user = toUser(row);
    const ip = (user.shopId && shopIp.get(user.shopId)) || `198.51.100.${office.indexOf(id) + 10}`;
    people.set(id, {
      id,
      fullName: user.fullName,
      role: user.role as Role,
      shopId: user.shopId,
      ip,
      userAgent: user.shopId ? PHONE : DESKTOP,
      view: userAuditView(user),
    });
  }
  return (id) => {
    const p = people.get(id);
    if (!p) throw new Error(`demo user ${id} is not in the trail`);
    return p;
  };
}

/** The shops and their rules as shop.* and price.* events record them. */
async function loadShops(db: Executor, shops: DemoShop[]): Promise<SetupShop[]> {
  const out: SetupShop[] = [];
  for (const shop of shops) {
    const row = await findShop(db, shop.id, undefined);
    if (!row) throw new Error(`demo shop ${shop.code} not found`);
    const rules = new Map<VehicleType, RuleView>();
    for (const rule of await shopRules(db, shop.id)) {
      const view = priceAuditView(rule);
      if (view) rules.set(rule.vehicleType, view);
    }
    out.push({ shop, view: shopAuditView(toShop(row)), rules });
  }
  return out;
}

/**
 * The demo's audit trail (README: Demo): its setup weeks, the sign-ins of its last days, and the
 * events of its bills, appended to the chain in time order with their own times, in one
 * transaction with the rows' own dates (created, last sign-in) made to agree. Returns the count.
 */
export async function writeDemoTrail(database: Database, o: TrailInput): Promise<number> {
  const db = database.db;
  const trail = new Trail(new Random((o.seed ^ 0x7a11) >>> 0));
  const person = await loadPeople(db, o);
  const shops = await loadShops(db, o.shops);
  const people = { person, superAdmin: o.superAdmin, ops: o.ops, agents: o.agents };
  planSetup(trail, people, shops, laoDay(o.start.getTime()) + 1);
  const now = o.now.getTime();
  planSignIns(trail, person, o.shops, [o.superAdmin, o.ops], { now, days: o.days });
  const from = laoTime(laoDay(now) - o.days + 1, 0);
  await planBillEvents(database.pool, trail, person, o.shops, { from, now });
  const events = trail.sorted();
  try {
    await db.transaction(async (tx) => {
      await agreeRows(tx, events);
      await appendPastAuditEvents(tx, events);
    });
  } catch (err) {
    // A server on this database wrote an event since the seed began: the trail cannot go before it.
    if (!(err instanceof AuditTimeOrderError)) throw err;
    o.log(`No audit trail: ${err.message} (the chain has a newer event).`);
    return 0;
  }
  return events.length;
}

const param = <T>(values: T[]) => sql.param(values);
const isoOf = (ms: number) => new Date(ms).toISOString();

/** Users, shops and rules dated as the trail tells: made when created, changed when last changed. */
async function agreeRows(tx: Executor, events: DatedAuditEvent[]) {
  const made = new Map<string, { at: number; by: string | null }>();
  const signedIn = new Map<string, number>();
  const shops = new Map<string, { made: number; changed: number }>();
  const rules = new Map<string, { made: number | null; changed: number }>();
  for (const e of events) {
    const at = e.at.getTime();
    const id = e.entityId ?? '';
    if (e.action === 'user.create') made.set(id, { at, by: e.actorId });
    else if (e.action === 'auth.login' && e.actorId) signedIn.set(e.actorId, at);
    else if (e.action === 'shop.create' || e.action === 'shop.create_branch')
      shops.set(id, { made: at, changed: at });
    else if (e.action === 'price.create' || e.action === 'price.update') {
      rules.set(id, { made: e.action === 'price.create' ? at : (rules.get(id)?.made ?? null), changed: at });
      const shop = shops.get(e.shopId ?? '');
      if (shop) shop.changed = at;
    }
  }
  await tx.execute(sql`update users u set created_at = v.at, updated_at = v.at, created_by = v.by
    from unnest(${param([...made.keys()])}::uuid[], ${param([...made.values()].map((m) => isoOf(m.at)))}::timestamptz[],
      ${param([...made.values()].map((m) => m.by))}::uuid[]) as v(id, at, by) where u.id = v.id`);
  await tx.execute(sql`update users u set last_login_at = v.at
    from unnest(${param([...signedIn.keys()])}::uuid[], ${param([...signedIn.values()].map(isoOf))}::timestamptz[]) as v(id, at)
    where u.id = v.id`);
  await tx.execute(sql`update shops s set created_at = v.made, updated_at = v.changed
    from unnest(${param([...shops.keys()])}::uuid[], ${param([...shops.values()].map((s) => isoOf(s.made)))}::timestamptz[],
      ${param([...shops.values()].map((s) => isoOf(s.changed)))}::timestamptz[]) as v(id, made, changed)
    where s.id = v.id`);
  // A shop's core rules were made with it (migration 0002's trigger); the others by price.create.
  await tx.execute(sql`update price_rules r set created_at = s.created_at, updated_at = s.created_at
    from shops s where s.id = r.shop_id and s.id = any(${param([...shops.keys()])}::uuid[])`);
  await tx.execute(sql`update price_rules r set created_at = coalesce(v.made, r.created_at), updated_at = v.changed
    from unnest(${param([...rules.keys()])}::uuid[], ${param([...rules.values()].map((r) => (r.made === null ? null : isoOf(r.made))))}::timestamptz[],
      ${param([...rules.values()].map((r) => isoOf(r.changed)))}::timestamptz[]) as v(id, made, changed)
    where r.id = v.id`);
}
