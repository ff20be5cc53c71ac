import type { Database } from '../../db/client.ts';
import { lastAuditAt } from '../audit/audit.repository.ts';
import { hashPassword } from '../auth/password.ts';
import { ensureFirstAdmin } from '../users/bootstrap.ts';
import type { BillCounts, DemoShop } from './demo.bills.ts';
import { QR_BANKS, TEMPLATES } from './demo.catalog.ts';
import { loadBills } from './demo.load.ts';
import { insertDemoPasses } from './demo.members.ts';
import { seedDemoPackages } from './demo.packages.ts';
import { seedDemoPromotions } from './demo.promotions.ts';
import { Random } from './demo.random.ts';
import { seedDemoRent } from './demo.rent.ts';
import { seedDemoRolls } from './demo.rolls.ts';
import { ensureAgents, insertDemoShop, insertUser } from './demo.shops.ts';
import { installedAt, writeDemoTrail } from './demo.trail.ts';
import { seedDemoVersions } from './demo.versions.ts';

/** Every demo user signs in with this password (README). */
export const DEMO_PASSWORD = 'demo1234';

export interface SeedOptions {
  shops: number;
  days: number;
  seed: number;
  /** Average bills per shop per day; the templates' own traffic when not set. */
  perDay?: number | undefined;
  /** Add a new set of shops even when the demo shops exist already. */
  append?: boolean;
  prints?: boolean;
  /** The backdated audit trail of the demo's users (README: Demo); on unless false. */
  trail?: boolean;
  now?: Date;
  log?: (line: string) => void;
}

export interface SeedSummary extends BillCounts {
  shops: number;
  branches: number;
  users: number;
  /** Events the seed appended to the audit chain (the installation and the demo's trail). */
  events: number;
  seconds: number;
  skipped: boolean;
}

const templateAverage = TEMPLATES.reduce((s, t) => s + t.perDay, 0) / TEMPLATES.length;

/**
 * `npm run seed:demo`: agents, shops (some with branches), staff of every role, price rules of
 * both kinds, members, and `days` days of realistic bills. The demo's first admin is
 * admin / demo1234 when the database has no users yet.
 */
export async function seedDemo(database: Database, o: SeedOptions): Promise<SeedSummary> {
  const started = Date.now();
  const log = o.log ?? (() => {});
  const client = await database.pool.connect();
  const counts: BillCounts = { bills: 0, parked: 0, cancelled: 0, lost: 0, members: 0 };
  try {
    const existing = await client.query(`select 1 from shops where code = $1`, [TEMPLATES[0]?.code]);
    if (existing.rowCount && !o.append) {
      return { ...counts, shops: 0, branches: 0, users: 0, events: 0, seconds: 0, skipped: true };
    }
    const suffix = existing.rowCount ? `-${Date.now().toString(36).slice(-4).toUpperCase()}` : '';
    const usersBefore = Number((await client.query('select count(*) from users')).rows[0]?.count ?? 0);
    const now = o.now ?? new Date();
    // The story starts a month before the first bill: shops open, tariffs set, staff added.
    const start = new Date(now.getTime() - (o.days + 30) * 86_400_000);
    // The chain only grows forward in time: the backdated trail only goes on a chain that has
    // nothing newer than its start (a fresh demo database; not with --append).
    const chainSince = await lastAuditAt(database.db);
    const trail = o.trail !== false && (chainSince === null || chainSince <= start);
    if (chainSince && chainSince > start)
      log(`No audit trail: the chain has events since ${chainSince.toISOString()}.`);
    const at = trail ? installedAt(start) : undefined;
    const installed = await ensureFirstAdmin(database.db, { username: 'admin', password: DEMO_PASSWORD, at });
    const hash = await hashPassword(DEMO_PASSWORD);
    const ops = await insertUser(
      client,
      { username: 'ops', fullName: 'ທີມງານ Parking Hub', role: 'ADMIN' },
      hash,
    );
    // The company the public footer and the e-receipts show (made up, as everything in the demo).
    await client.query(
      `insert into company_profile (id, company_name, branch, telephone, whatsapp, email, address, qr_receiver)
       values (1, 'ບໍລິສັດ ພາກກິ້ງຮັບ ລາວ ຈຳກັດ', 'ສຳນັກງານໃຫຍ່', '021212345', '+8562055550000',
               'info@parkinghub.la', 'ຖະໜົນ ລ້ານຊ້າງ, ບ້ານ ຫັດສະດີ, ເມືອງ ຈັນທະບູລີ, ນະຄອນຫຼວງວຽງຈັນ',
               $1::jsonb)
       on conflict (id) do nothing`,
      // The account the shops pay their rent to: the public invoice shows its Lao QR.
      [
        JSON.stringify({
          iin: QR_BANKS[0],
          receiverId: 'PARKINGHUB01',
          merchantName: 'PARKING HUB LAO',
          merchantCity: 'VIENTIANE',
          mcc: '7523',
        }),
      ],
    );
    const agents = await ensureAgents(client, hash);
    const rng = new Random(o.seed);
    const scale = o.perDay ? o.perDay / templateAverage : 1;
    const made: DemoShop[] = [];
    let branches = 0;
    for (let i = 0; i < o.shops; i++) {
      const template = TEMPLATES[i % TEMPLATES.length] ?? TEMPLATES[0];
      if (!template) break;
      const round = Math.floor(i / TEMPLATES.length);
      const code = `${template.code}${round ? String(round).padStart(3, '0') : ''}${suffix}`;
      const name = round ? `${template.name} ${round + 1}` : template.name;
      const agentId = agents[template.agent] ?? '';
      await client.query('begin');
      const main = await insertDemoShop(
        client,
        rng,
        { template, code, name, parentId: null, agentId, scale },
        hash,
        null,
        { start, now },
      );
      made.push(main);
      if (template.branch && round % 2 === 0) {
        const branchName = round ? `${template.branch} ${round + 1}` : template.branch;
        const spec = {
          template,
          code: `${code}-B`,
          name: branchName,
          parentId: main.id,
          agentId,
          scale: scale * 0.4,
        };
        made.push(await insertDemoShop(client, rng, spec, hash, main.manager, { start, now }));
        branches++;
      }
      await client.query('commit');
    }
    log(`${made.length} shops (${branches} branches) and their staff made; writing bills…`);
    // Packages first: a promotion may name one.
    await seedDemoPackages(client, { shops: made, start, now, createdBy: ops });
    await seedDemoPromotions(client, { agents, shops: made, now, createdBy: ops });
    await seedDemoVersions(client, { now, createdBy: ops });
    const superuser = (await client.query(`select rolsuper from pg_roles where rolname = current_user`))
      .rows[0]?.rolsuper as boolean;
    await client.query('begin');
    // A bulk load of rows whose keys were all just made: as pg_restore does, skip the per-row
    // foreign-key triggers when allowed (superuser); the rollup is then written by loadBills.
    if (superuser) await client.query('set local session_replication_role = replica');
    await client.query('lock table bills, bill_prints, report_daily in share row exclusive mode');
    // Empty: no bill and no pass payment (their rollup rows would go with the truncated report_daily).
    const empty = !(await client.query('select 1 from bills union all select 1 from member_payments limit 1'))
      .rowCount;
    const load = { days: o.days, seed: o.seed, now: now.getTime(), log };
    const lastNumbers = await loadBills(client, made, load, counts, {
      superuser,
      bulk: superuser && empty,
    });
    await client.query(
      `insert into shop_bill_counters (shop_id, last_number)
         select * from unnest($1::uuid[], $2::int[])
       on conflict (shop_id) do update set last_number = excluded.last_number`,
      [[...lastNumbers.keys()], [...lastNumbers.values()]],
    );
    // The triggers were off: the regular customers' rows (plate_visits) are counted from the bills.
    await client.query('select plate_visits_rebuild($1::uuid[])', [made.map((s) => s.id)]);
    await client.query('commit');
    log(`bills written after ${((Date.now() - started) / 1000).toFixed(1)} s`);
    // The members' pass payments, triggers on: each counts into the report rollup as a sale would.
    await insertDemoPasses(
      client,
      made.flatMap((s) => s.passes),
    );
    if (o.prints !== false) {
      log('recording the print history…');
      const ids = made.map((s) => s.id);
      await client.query(
        `insert into bill_prints (bill_id, shop_id, kind, paper, printed_at, printed_by)
           select id, shop_id, 'PRINT', '58', check_in_at, check_in_by from bills where shop_id = any($1::uuid[])
         union all
           select id, shop_id, 'REPRINT', '58', check_in_at + interval '4 minutes', check_in_by
           from bills where shop_id = any($1::uuid[]) and print_count > 1`,
        [ids],
      );
    }
    // Paper rolls after the prints: the deliveries are sized from the prints.
    await seedDemoRolls(client, { agents, shops: made, days: o.days, now, createdBy: ops });
    let events = installed ? 1 : 0;
    if (trail) {
      const superAdmin = await client.query<{ id: string }>(
        `select id from users where role = 'SUPER-ADMIN' and deleted_at is null order by created_at limit 1`,
      );
      const input = { shops: made, superAdmin: superAdmin.rows[0]?.id ?? '', ops, agents, start, now };
      events += await writeDemoTrail(database, { ...input, days: o.days, seed: o.seed, log });
      log(
        `${events.toLocaleString('en')} audit events written after ${((Date.now() - started) / 1000).toFixed(1)} s`,
      );
    }
    // The platform's money last: invoices of every month so far, paid as shops pay (now-dated
    // audit events, after the backdated trail, so the chain stays in time order).
    const rent = await seedDemoRent(database, {
      now,
      ops: { id: ops, username: 'ops', fullName: 'ທີມງານ Parking Hub' },
      shopIds: made.map((s) => s.id),
    });
    log(
      `${rent.invoices} rent invoices and ${rent.payments} payments after ${((Date.now() - started) / 1000).toFixed(1)} s`,
    );
    // What autovacuum would do in time, done now: statistics for the planner, and the visibility
    // map that lets the report and history indexes answer without the table (index-only scans).
    await client.query(
      'vacuum (analyze) bills, report_daily, report_scope_daily, report_monthly, plate_pairs, plate_visits, audit_events, members, member_numbers, member_payments',
    );
    log(`vacuumed and analysed after ${((Date.now() - started) / 1000).toFixed(1)} s`);
    const usersAfter = Number((await client.query('select count(*) from users')).rows[0]?.count ?? 0);
    return {
      ...counts,
      shops: made.length,
      branches,
      users: usersAfter - usersBefore,
      events,
      seconds: (Date.now() - started) / 1000,
      skipped: false,
    };
  } catch (err) {
    await client.query('rollback').catch(() => {});
    throw err;
  } finally {
    client.release();
  }
}
