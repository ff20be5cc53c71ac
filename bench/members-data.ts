import type pg from 'pg';
import { hashPassword } from '../apps/server/src/modules/auth/password.ts';
import { out } from './stats.ts';

/**
 * The members bench's data (bench/members.ts): 220 shops with their staff and 100,000 members,
 * loaded once with SQL into the bench's own database, and samples of members valid today.
 */

export const MEMBER_SHOPS = 200;
export const PER_SHOP = 500;
/** Shops with no member at all: the "without members" side of (b). */
export const PLAIN_SHOPS = 20;
export const PASSWORD = 'bench-password-1';
export const MEMBERS_ADMIN = { username: 'bench-admin', password: PASSWORD };

const secs = (since: number) => `${((Date.now() - since) / 1000).toFixed(1)} s`;

/**
 * 220 shops (MB001…MB220), a staff member and a manager each; the first 200 with 500 members
 * each on cards M-0001…M-0500 of their pool: 80% valid today (ending within the next 90 days),
 * 10% expired, 5% suspended, 5% cancelled (their card free again); one plate each ('ກຂ 000123',
 * unique), a second Latin one on every fourth ('AB-123'), a phone on nine in ten.
 */
export async function loadMembers(db: pg.Client) {
  const have = await db.query<{ n: string }>(
    `select count(*) as n from members m join shops s on s.id = m.shop_id where s.code like 'MB%'`,
  );
  if (Number(have.rows[0]?.n) >= MEMBER_SHOPS * PER_SHOP) {
    out(`members bench database loaded already: ${Number(have.rows[0]?.n).toLocaleString('en')} members`);
    // As autovacuum keeps it: a migration since the last run may have rewritten the table.
    await db.query('vacuum (analyze) members, member_numbers, member_reminders');
    return;
  }
  const started = Date.now();
  const shops = MEMBER_SHOPS + PLAIN_SHOPS;
  out(`loading ${shops} shops and ${(MEMBER_SHOPS * PER_SHOP).toLocaleString('en')} members…`);
  const hash = await hashPassword(PASSWORD);
  await db.query('begin');
  await db.query(
    `insert into shops (name, code, price_motorbike, price_car)
     select 'Members shop ' || g, 'MB' || lpad(g::text, 3, '0'), 2000, 5000
     from generate_series(1, ${shops}) g on conflict do nothing`,
  );
  for (const role of ['SHOP', 'MANAGER'])
    await db.query(
      `insert into users (username, full_name, role, shop_id, password_hash)
       select 'mb-' || lower($1) || '-' || substr(code, 3)::int, 'Bench ' || code, $1, id, $2
       from shops where code like 'MB%' on conflict do nothing`,
      [role, hash],
    );
  await db.query(`
    create temp table bench_m on commit drop as
    select gen_random_uuid() as id, gen_random_uuid() as number_id, s.id as shop_id, k,
      (substr(s.code, 3)::int - 1) * ${PER_SHOP} + k as g,
      (now() at time zone 'Asia/Vientiane')::date as today
    from shops s, generate_series(1, ${PER_SHOP}) k
    where s.code like 'MB%' and substr(s.code, 3)::int <= ${MEMBER_SHOPS}`);
  await db.query(`
    insert into member_numbers (id, shop_id, number, status, ever_assigned)
    select number_id, shop_id, 'M-' || lpad(k::text, 4, '0'), 'AVAILABLE', now() from bench_m`);
  await db.query(`
    insert into members (id, shop_id, number_id, number, full_name, phone, plates, plate_keys,
      vehicle_type, plan_months, valid_from, valid_until, fee_paid, status)
    select id, shop_id, number_id, 'M-' || lpad(k::text, 4, '0'),
      case when k % 2 = 0 then 'ທ້າວ ສົມພອນ ' else 'ນາງ ບົວລະພາ ' end || g,
      case when k % 10 <> 9 then '+85620' || lpad(g::text, 8, '0') end,
      case when k % 4 = 0 then array['ກຂ ' || lpad(g::text, 6, '0'), 'AB-' || g]
           else array['ກຂ ' || lpad(g::text, 6, '0')] end,
      case when k % 4 = 0 then array['ກຂ' || lpad(g::text, 6, '0'), 'AB' || g]
           else array['ກຂ' || lpad(g::text, 6, '0')] end,
      case when k % 3 = 0 then 'CAR' else 'MOTORBIKE' end, 1,
      case when k % 20 in (0, 1) then today - 60 - k % 30 else today - k % 60 end,
      case when k % 20 in (0, 1) then today - 1 - k % 30 else today + (k * 7) % 90 end,
      100000,
      case k % 20 when 0 then 'EXPIRED' when 1 then 'EXPIRED' when 2 then 'SUSPENDED'
        when 3 then 'CANCELLED' else 'ACTIVE' end
    from bench_m`);
  // Every live member holds their card; a cancelled member's card is free again.
  await db.query(`
    update member_numbers n set status = 'ASSIGNED', member_id = m.id
    from members m where m.number_id = n.id and m.status <> 'CANCELLED'
      and n.shop_id in (select id from shops where code like 'MB%')`);
  await db.query('commit');
  await db.query('vacuum (analyze) members, member_numbers, shops, users');
  out(`  loaded in ${secs(started)}`);
}

export interface Sample {
  shopId: string;
  code: string;
  number: string;
  plateKey: string;
  plate: string;
  vehicleType: string;
}

/** Members valid today of the given shops, at random. */
export async function validMembers(db: pg.Client, limit: number, shopCodes?: string[]): Promise<Sample[]> {
  const { rows } = await db.query<Sample>(
    `select m.shop_id as "shopId", s.code, m.number, m.plate_keys[1] as "plateKey", m.plates[1] as plate,
            m.vehicle_type as "vehicleType"
     from members m join shops s on s.id = m.shop_id
     where s.code like 'MB%' and m.status = 'ACTIVE'
       and m.valid_from <= (now() at time zone 'Asia/Vientiane')::date
       and m.valid_until >= (now() at time zone 'Asia/Vientiane')::date
       and ($2::text[] is null or s.code = any($2))
     order by random() limit $1`,
    [limit, shopCodes ?? null],
  );
  return rows;
}
