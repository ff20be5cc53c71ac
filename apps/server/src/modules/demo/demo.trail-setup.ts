import { canonicalJson } from '@parking-hub/contracts/canonical-json';
import { entryPrice, type FeeRule, type PriceRule } from '@parking-hub/contracts/prices';
import type { VehicleType } from '@parking-hub/contracts/vehicles';
import type { auditView as shopAuditView } from '../shops/shops.service.ts';
import type { DemoShop } from './demo.bills.ts';
import { laoDay, laoTime, type Person, type Trail } from './demo.trail-events.ts';

const MINUTE = 60_000;
/** The main shops open one after another over this many days from the day after installation. */
const ROLLOUT_DAYS = 12;

export type RuleView = Omit<PriceRule, 'updatedAt'>;

export interface SetupShop {
  shop: DemoShop;
  /** The shop as shop.create records it (shops.service auditView), with its prices of today. */
  view: ReturnType<typeof shopAuditView>;
  /** Its price rules as price.* events record them, as they are today, in vehicle type order. */
  rules: Map<VehicleType, RuleView>;
}

export interface SetupPeople {
  person: (id: string) => Person;
  superAdmin: string;
  ops: string;
  agents: string[];
}

const CORE: readonly VehicleType[] = ['MOTORBIKE', 'CAR'];

/** The rule a new shop starts with (migration 0002's trigger and the columns' defaults). */
const startingRule = (price: number): FeeRule => ({
  mode: 'FLAT',
  flatFee: price,
  graceMinutes: 0,
  firstPeriodMinutes: 60,
  firstPeriodFee: price,
  nextPeriodMinutes: 60,
  nextPeriodFee: price,
  dailyCap: null,
  overnightFee: null,
  lostTicketFee: 0,
});

const withEntry = (rule: RuleView, price: number): RuleView =>
  rule.mode === 'FLAT' ? { ...rule, flatFee: price } : { ...rule, firstPeriodFee: price };

/** An opening price a step below today's (a shop that raised its prices before the first bill). */
const lowered = (price: number) =>
  Math.max(500, price - (price >= 10_000 ? 2000 : price >= 4000 ? 1000 : 500));

/**
 * The demo's first weeks, before its first bill: the super admin adds the office admin and the
 * agents; each agent opens their shops and their managers' accounts; a manager sets the shop's
 * tariffs, adds the staff and opens any branch; every third shop opened cheaper and raised its
 * prices about ten days later. The prices end as they are today, so every bill is charged by
 * the rules it shows. Everyone signs in before their first action of a day.
 */
export function planSetup(trail: Trail, people: SetupPeople, shops: SetupShop[], day0: number): void {
  const rng = trail.rng;
  const { person } = people;
  const admin = person(people.superAdmin);
  let t = laoTime(day0, 8 * 60 + 15);
  for (const id of [people.ops, ...people.agents]) {
    userCreated(trail, admin, t, person(id));
    t += rng.int(5, 15) * MINUTE;
  }
  const mains = shops.filter((s) => !s.shop.parentId);
  mains.forEach((main, i) => {
    const day = day0 + 1 + Math.floor((i * ROLLOUT_DAYS) / mains.length);
    const manager = person(main.shop.manager);
    const opening = i % 3 === 1 ? lowered : (p: number) => p;
    let at = laoTime(day, 9 * 60 + rng.int(0, 150));
    shopOpened(trail, person(main.shop.agentId), at, main, 'shop.create', opening);
    at += rng.int(10, 40) * MINUTE;
    userCreated(trail, person(main.shop.agentId), at, manager);
    setTariffs(trail, manager, laoTime(day + 1, 9 * 60 + rng.int(0, 180)), main, opening);
    addStaff(trail, manager, laoTime(day + 1, 13 * 60 + rng.int(0, 150)), main.shop, person);
    for (const branch of shops.filter((s) => s.shop.parentId === main.shop.id)) {
      at = laoTime(day + rng.int(3, 5), 10 * 60 + rng.int(0, 120));
      shopOpened(trail, manager, at, branch, 'shop.create_branch', (p) => p);
      setTariffs(trail, manager, at + rng.int(20, 40) * MINUTE, branch, (p) => p);
      addStaff(trail, manager, at + rng.int(60, 90) * MINUTE, branch.shop, person);
    }
    if (i % 3 === 1)
      raisePrices(trail, manager, laoTime(day + rng.int(8, 14), 8 * 60 + rng.int(0, 120)), main);
  });
  signInsBeforeWork(trail, people, shops);
}

function userCreated(trail: Trail, by: Person, at: number, user: Person) {
  trail.add(by, at, {
    action: 'user.create',
    entity: 'user',
    entityId: user.id,
    shopId: user.shopId,
    after: user.view,
  });
}

function shopOpened(
  trail: Trail,
  by: Person,
  at: number,
  s: SetupShop,
  action: string,
  opening: (p: number) => number,
) {
  const after = {
    ...s.view,
    priceMotorbike: opening(s.view.priceMotorbike),
    priceCar: opening(s.view.priceCar),
  };
  trail.add(by, at, { action, entity: 'shop', entityId: s.shop.id, shopId: s.shop.id, after });
}

/** The core rules from their flat start to the shop's tariff (at its opening price); the other types added. */
function setTariffs(trail: Trail, by: Person, at: number, s: SetupShop, opening: (p: number) => number) {
  for (const [type, rule] of s.rules) {
    const change = { entity: 'price_rule', entityId: rule.id, shopId: s.shop.id };
    if (CORE.includes(type)) {
      const price = opening(entryPrice(rule));
      const before = { ...rule, ...startingRule(price) };
      const after = withEntry(rule, price);
      if (canonicalJson(before) !== canonicalJson(after))
        trail.add(by, at, { ...change, action: 'price.update', before, after });
    } else trail.add(by, at, { ...change, action: 'price.create', after: rule });
    at += trail.rng.int(1, 4) * MINUTE;
  }
}

function raisePrices(trail: Trail, by: Person, at: number, s: SetupShop) {
  for (const type of CORE) {
    const rule = s.rules.get(type);
    if (!rule || lowered(entryPrice(rule)) === entryPrice(rule)) continue;
    const before = withEntry(rule, lowered(entryPrice(rule)));
    const change = { entity: 'price_rule', entityId: rule.id, shopId: s.shop.id };
    trail.add(by, at, { ...change, action: 'price.update', before, after: rule });
    at += trail.rng.int(1, 3) * MINUTE;
  }
}

function addStaff(trail: Trail, by: Person, at: number, shop: DemoShop, person: (id: string) => Person) {
  userCreated(trail, by, at, person(shop.morning));
  userCreated(trail, by, at + trail.rng.int(3, 8) * MINUTE, person(shop.evening));
}

/**
 * Sign-ins of the setup weeks: before each user's first action of a day, and for those with none
 * (the staff, the office admin) within the hours after their account is made.
 */
function signInsBeforeWork(trail: Trail, people: SetupPeople, shops: SetupShop[]) {
  const first = new Map<string, number>();
  const acted = new Set<string>();
  for (const e of trail.events) {
    const key = `${e.actorId}/${laoDay(e.at.getTime())}`;
    const at = e.at.getTime();
    if (e.actorId) acted.add(e.actorId);
    if (at < (first.get(key) ?? Number.POSITIVE_INFINITY)) first.set(key, at);
  }
  const made = new Map(trail.events.filter((e) => e.action === 'user.create').map((e) => [e.entityId, e.at]));
  for (const [key, at] of first) {
    const id = key.slice(0, key.indexOf('/'));
    trail.signIn(people.person(id), at - trail.rng.int(2, 10) * MINUTE);
  }
  const idle = [people.ops, ...shops.flatMap((s) => [s.shop.morning, s.shop.evening])];
  for (const id of idle) {
    const at = made.get(id);
    if (at && !acted.has(id)) trail.signIn(people.person(id), at.getTime() + trail.rng.int(10, 90) * MINUTE);
  }
}
