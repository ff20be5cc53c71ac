import { DEFAULT_TIMEZONE } from '@parking-hub/contracts/business-day';
import { entryPrice, type FeeRule } from '@parking-hub/contracts/prices';
import type { VehicleType } from '@parking-hub/contracts/vehicles';
import type pg from 'pg';
import type { DemoShop } from './demo.bills.ts';
import { AGENTS, fullRule, QR_BANKS, type ShopTemplate, STAFF_NAMES } from './demo.catalog.ts';
import { insertDemoMembers, setDemoPassPrices } from './demo.members.ts';
import { Random } from './demo.random.ts';

/** Demo rows go in with plain SQL: this is a loader, not a request, so nothing is audited. */
export async function insertUser(
  db: pg.ClientBase,
  u: { username: string; fullName: string; role: string; shopId?: string | null; phone?: string | null },
  passwordHash: string,
): Promise<string> {
  const res = await db.query<{ id: string }>(
    `insert into users (username, full_name, role, shop_id, phone, password_hash)
     values ($1, $2, $3, $4, $5, $6)
     on conflict do nothing returning id`,
    [u.username, u.fullName, u.role, u.shopId ?? null, u.phone ?? null, passwordHash],
  );
  if (res.rows[0]) return res.rows[0].id;
  const found = await db.query<{ id: string }>(
    'select id from users where username = $1 and deleted_at is null',
    [u.username],
  );
  const id = found.rows[0]?.id;
  if (!id) throw new Error(`demo user ${u.username} could not be made`);
  return id;
}

export async function ensureAgents(db: pg.ClientBase, passwordHash: string): Promise<string[]> {
  const ids: string[] = [];
  for (const a of AGENTS) ids.push(await insertUser(db, { ...a, role: 'AGENT' }, passwordHash));
  return ids;
}

interface ShopSpec {
  template: ShopTemplate;
  code: string;
  name: string;
  parentId: string | null;
  agentId: string;
  scale: number;
}

/**
 * One demo shop: the row, its price rules (with pass prices), its staff, and for a main shop its
 * card pool and members, ready for its bills; the members' payments wait for the bills (DemoShop.passes).
 */
export async function insertDemoShop(
  db: pg.ClientBase,
  rng: Random,
  spec: ShopSpec,
  passwordHash: string,
  manager: string | null,
  story: { start: Date; now: Date },
): Promise<DemoShop> {
  const t = spec.template;
  const rules = new Map<VehicleType, FeeRule>();
  for (const [type, partial] of Object.entries(t.rules)) rules.set(type as VehicleType, fullRule(partial));
  const price = (type: VehicleType) => entryPrice(rules.get(type) ?? fullRule({}));
  const receiver = t.qr
    ? {
        iin: rng.pick(QR_BANKS),
        receiverId: `PH${rng.int(100_000_000, 999_999_999)}`,
        merchantName: `PARKING ${spec.code}`.slice(0, 25),
        merchantCity: 'VIENTIANE',
        mcc: '7523',
      }
    : null;
  const phone = `0205${rng.int(1_000_000, 9_999_999)}`;
  const shop = await db.query<{ id: string; seq: number }>(
    `insert into shops (name, code, parent_id, agent_id, address, phone, whatsapp, conditions,
       price_motorbike, price_car, open_shop, close_shop, qr_receiver)
     values ($1, $2, $3, $4, $5, $6, $13, $7, $8, $9, $10, $11, $12) returning id, seq`,
    [
      spec.name,
      spec.code,
      spec.parentId,
      spec.agentId,
      t.address,
      phone,
      'ຮ້ານບໍ່ຮັບຜິດຊອບຂອງມີຄ່າທີ່ຝາກໄວ້ໃນລົດ. ກະລຸນາເກັບບິນໄວ້ໃຫ້ດີ, ບິນເສຍມີຄ່າປັບໃໝ.',
      price('MOTORBIKE'),
      price('CAR'),
      t.openShop,
      t.closeShop,
      receiver,
      `+856${phone.slice(1)}`,
    ],
  );
  const row = shop.rows[0];
  if (!row) throw new Error('demo shop insert returned nothing');
  for (const [type, r] of rules) {
    await db.query(
      `insert into price_rules (shop_id, vehicle_type, mode, flat_fee, grace_minutes, first_period_minutes,
         first_period_fee, next_period_minutes, next_period_fee, daily_cap, overnight_fee, lost_ticket_fee)
       values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12)
       on conflict (shop_id, vehicle_type) do update set mode = excluded.mode, flat_fee = excluded.flat_fee,
         grace_minutes = excluded.grace_minutes, first_period_minutes = excluded.first_period_minutes,
         first_period_fee = excluded.first_period_fee, next_period_minutes = excluded.next_period_minutes,
         next_period_fee = excluded.next_period_fee, daily_cap = excluded.daily_cap,
         overnight_fee = excluded.overnight_fee, lost_ticket_fee = excluded.lost_ticket_fee`,
      [
        row.id,
        type,
        r.mode,
        r.flatFee,
        r.graceMinutes,
        r.firstPeriodMinutes,
        r.firstPeriodFee,
        r.nextPeriodMinutes,
        r.nextPeriodFee,
        r.dailyCap,
        r.overnightFee,
        r.lostTicketFee,
      ],
    );
  }
  const slug = spec.code.toLowerCase();
  const staff = async (n: number) =>
    insertUser(
      db,
      { username: `staff-${slug}-${n}`, fullName: rng.pick(STAFF_NAMES), role: 'SHOP', shopId: row.id },
      passwordHash,
    );
  const morning = await staff(1);
  const evening = await staff(2);
  const managerId =
    manager ??
    (await insertUser(
      db,
      { username: `manager-${slug}`, fullName: `ຜູ້ຈັດການ ${spec.code}`, role: 'MANAGER', shopId: row.id },
      passwordHash,
    ));
  await setDemoPassPrices(db, row.id);
  const { members, passes } = spec.parentId
    ? { members: [], passes: [] }
    : await insertDemoMembers(db, new Random(rng.int(1, 2 ** 31)), row.id, t.members, {
        ...story,
        hours: { timezone: DEFAULT_TIMEZONE, openShop: t.openShop, closeShop: t.closeShop },
        staff: [morning, evening, managerId],
        qr: t.qr,
      });
  return {
    id: row.id,
    seq: row.seq,
    code: spec.code,
    parentId: spec.parentId,
    agentId: spec.agentId,
    hours: { timezone: DEFAULT_TIMEZONE, openShop: t.openShop, closeShop: t.closeShop },
    template: t,
    scale: spec.scale,
    morning,
    evening,
    manager: managerId,
    rules,
    members,
    passes,
  };
}
