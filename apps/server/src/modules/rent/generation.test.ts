/**
 * Invoice lines against a brute-force computation (issue 15): generated main shops (some with
 * branches), packages with a package change mid-year, the month's tickets (report_monthly rows
 * inserted directly: the rollup the bills trigger keeps, without making a million bills), roll
 * deliveries, promotions of each type and audience, one-off charges. The expectation below is the
 * rules written out plainly here; it never calls invoiceLines / promotionApplies.
 */
import { calendarDate } from '@parking-hub/contracts/business-day';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createTestApp, insertShop, insertUser, signedIn, type TestApp } from '../../test/harness.ts';
import { runMonthlyInvoices } from './rent.jobs.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

/** A small deterministic random source (the same data every run). */
function rng(seed: number) {
  let s = seed >>> 0;
  return () => {
    s = (s * 1664525 + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}

interface Pkg {
  id: string;
  nameLo: string;
  price: number;
  included: number;
  extra: number;
}
interface Shop {
  id: string;
  seq: number;
  agentId: string | null;
  createdOn: string;
  packageId: string | null;
  /** shop_packages rows: from month → package. */
  history: Array<{ from: string; packageId: string }>;
  branches: string[];
  closed: boolean;
}
interface Promo {
  id: string;
  title: string;
  type: 'PERCENT' | 'AMOUNT' | 'FREE_MONTHS';
  value: number;
  from: string;
  until: string;
  packageIds: string[];
  audience: 'ALL' | 'AGENT' | 'SHOPS' | 'NEW_SHOPS';
  agentId: string | null;
  shopIds: string[];
  maxUses: number | null;
  uses: number;
  active: boolean;
  owner: string | null;
  createdAt: string;
}
interface ChargeRow {
  id: string;
  shopId: string;
  month: string;
  lo: string;
  qty: number;
  price: number;
  createdAt: string;
}

const pad = (n: number) => String(n).padStart(2, '0');
const lastDay = (month: string) => {
  const [y, m] = month.split('-').map(Number) as [number, number];
  return `${month}-${pad(new Date(Date.UTC(y, m, 0)).getUTCDate())}`;
};

describe('a month of invoices against the brute force', () => {
  it('makes every shop’s lines and totals exactly as the rules say, for two months across a package change', async () => {
    const r = rng(15);
    const pick = <T>(a: readonly T[]): T => a[Math.floor(r() * a.length)] as T;
    const agents = [
      await insertUser(t.db, 'AGENT'),
      await insertUser(t.db, 'AGENT'),
      await insertUser(t.db, 'AGENT'),
    ];
    const pkgDefs = [
      { nameLo: 'ນ້ອຍ', price: 150_000, included: 1000, extra: 50 },
      { nameLo: 'ກາງ', price: 300_000, included: 3000, extra: 40 },
      { nameLo: 'ໃຫຍ່', price: 600_000, included: 8000, extra: 0 },
      { nameLo: 'ຟຣີ', price: 0, included: 500, extra: 100 },
    ];
    const pkgs: Pkg[] = [];
    for (const p of pkgDefs) {
      const res = await t.db.execute<{ id: string }>(sql`
        insert into packages (name_lo, name_en, monthly_price, tickets_included, extra_ticket_price)
        values (${p.nameLo}, ${`EN ${p.nameLo}`}, ${p.price}, ${p.included}, ${p.extra}) returning id`);
      pkgs.push({ id: res.rows[0]?.id as string, ...p });
    }
    const byId = new Map(pkgs.map((p) => [p.id, p]));

    // Shops: created between 2025-06 and 2026-07 (some after the months invoiced), most with a
    // package history (a change in May for many: the mid-year change), a few with none at all.
    const shops: Shop[] = [];
    for (let i = 0; i < 48; i++) {
      const y = r() < 0.4 ? 2025 : 2026;
      const m = y === 2025 ? 6 + Math.floor(r() * 7) : 1 + Math.floor(r() * 7);
      const createdOn = `${y}-${pad(m)}-${pad(1 + Math.floor(r() * 28))}`;
      const agentId = r() < 0.8 ? pick(agents).id : null;
      const history: Shop['history'] = [];
      const kind = r();
      if (kind < 0.75) {
        history.push({ from: '2026-01-01', packageId: pick(pkgs).id });
        if (r() < 0.6) history.push({ from: '2026-05-01', packageId: pick(pkgs).id });
      } else if (kind < 0.85) {
        history.push({ from: '2026-08-01', packageId: pick(pkgs).id }); // none in force yet
      }
      const ownPackage = history.at(-1)?.packageId ?? (kind > 0.93 ? pick(pkgs).id : null);
      const closed = r() < 0.2;
      const row = await insertShop(t.db, {
        status: closed ? 'CLOSED' : 'ACTIVE',
        agentId,
        packageId: ownPackage,
        createdAt: new Date(`${createdOn}T10:00:00+07:00`),
      });
      for (const h of history)
        await t.db.execute(
          sql`insert into shop_packages (shop_id, from_month, package_id) values (${row.id}, ${h.from}::date, ${h.packageId})`,
        );
      const branches: string[] = [];
      const nb = r() < 0.3 ? 1 + Math.floor(r() * 2) : 0;
      for (let b = 0; b < nb; b++)
        branches.push((await insertShop(t.db, { agentId, parentId: row.id, createdAt: row.createdAt })).id);
      shops.push({
        id: row.id,
        seq: row.seq,
        agentId,
        createdOn,
        packageId: ownPackage,
        history,
        branches,
        closed,
      });
    }

    // Tickets: report_monthly rows per shop or branch, months around the invoiced ones (two rows
    // each: a staff member's check-ins and a payment method's row of the same month).
    const ticketRows: Array<{ shop: string; cal: string; n: number }> = [];
    for (const s of shops)
      for (const shop of [s.id, ...s.branches])
        for (const cal of ['2026-02-01', '2026-03-01', '2026-04-01', '2026-06-01', '2026-07-01'])
          if (r() < (s.closed ? 0.25 : 0.8)) ticketRows.push({ shop, cal, n: Math.floor(r() * 6000) });
    for (const row of ticketRows) {
      const half = Math.floor(row.n / 2);
      await t.db.execute(sql`
        insert into report_monthly (shop_id, cal_month, biz_month, staff_id, method, bills_in)
        values (${row.shop}, ${row.cal}::date, ${row.cal}::date, '00000000-0000-0000-0000-000000000000', '', ${half}),
               (${row.shop}, ${row.cal}::date, ${row.cal}::date, gen_random_uuid(), 'CASH', ${row.n - half})`);
    }

    // Rolls: to shops and branches, inside and outside the months, two unit prices; PERSON
    // deliveries never count.
    const rolls: Array<{ shop: string; on: string; qty: number; price: number }> = [];
    for (const s of shops)
      for (const shop of [s.id, ...s.branches])
        for (let k = 0; k < 3; k++)
          if (r() < 0.35) {
            const month = pick(['2026-02', '2026-03', '2026-06', '2026-07']);
            rolls.push({
              shop,
              on: `${month}-${pad(1 + Math.floor(r() * 28))}`,
              qty: 1 + Math.floor(r() * 9),
              price: pick([15_000, 18_000]),
            });
          }
    for (const d of rolls)
      await t.db.execute(sql`
        insert into roll_deliveries (kind, shop_id, delivered_on, quantity, tickets_per_roll, unit_price)
        values ('SHOP', ${d.shop}, ${d.on}::date, ${d.qty}, 1000, ${d.price})`);
    await t.db.execute(sql`
      insert into roll_deliveries (kind, person_id, delivered_on, quantity, tickets_per_roll, unit_price)
      values ('PERSON', ${agents[0]?.id}, '2026-03-05', 50, 1000, 15000)`);

    // Promotions: each type and audience, a package list, a cap on uses, one switched off, an agent's own.
    const s0 = shops[0] as Shop;
    const s1 = shops[1] as Shop;
    const promoDefs: Array<Omit<Promo, 'id' | 'createdAt' | 'uses'> & { uses?: number }> = [
      {
        title: 'ALL 10%',
        type: 'PERCENT',
        value: 10,
        from: '2026-01-01',
        until: '2026-12-31',
        packageIds: [],
        audience: 'ALL',
        agentId: null,
        shopIds: [],
        maxUses: null,
        active: true,
        owner: null,
      },
      {
        title: 'AGENT 50k',
        type: 'AMOUNT',
        value: 50_000,
        from: '2026-03-15',
        until: '2026-06-10',
        packageIds: [],
        audience: 'AGENT',
        agentId: agents[0]?.id ?? null,
        shopIds: [],
        maxUses: null,
        active: true,
        owner: null,
      },
      {
        title: 'SHOPS free 2',
        type: 'FREE_MONTHS',
        value: 2,
        from: '2026-02-01',
        until: '2026-12-31',
        packageIds: [],
        audience: 'SHOPS',
        agentId: null,
        shopIds: [s0.id, s1.id],
        maxUses: null,
        active: true,
        owner: null,
      },
      {
        title: 'NEW free 1',
        type: 'FREE_MONTHS',
        value: 1,
        from: '2026-03-01',
        until: '2026-12-31',
        packageIds: [],
        audience: 'NEW_SHOPS',
        agentId: null,
        shopIds: [],
        maxUses: null,
        active: true,
        owner: null,
      },
      {
        title: 'MID 30%',
        type: 'PERCENT',
        value: 30,
        from: '2026-01-01',
        until: '2026-12-31',
        packageIds: [pkgs[1]?.id as string],
        audience: 'ALL',
        agentId: null,
        shopIds: [],
        maxUses: 3,
        uses: 1,
        active: true,
        owner: null,
      },
      {
        title: 'OFF 90%',
        type: 'PERCENT',
        value: 90,
        from: '2026-01-01',
        until: '2026-12-31',
        packageIds: [],
        audience: 'ALL',
        agentId: null,
        shopIds: [],
        maxUses: null,
        active: false,
        owner: null,
      },
      {
        title: 'OWN 120k',
        type: 'AMOUNT',
        value: 120_000,
        from: '2026-01-01',
        until: '2026-12-31',
        packageIds: [],
        audience: 'AGENT',
        agentId: agents[1]?.id ?? null,
        shopIds: [],
        maxUses: null,
        active: true,
        owner: agents[1]?.id ?? null,
      },
      {
        title: 'NEW agent2 25%',
        type: 'PERCENT',
        value: 25,
        from: '2026-01-01',
        until: '2026-12-31',
        packageIds: [],
        audience: 'NEW_SHOPS',
        agentId: agents[2]?.id ?? null,
        shopIds: [],
        maxUses: null,
        active: true,
        owner: null,
      },
    ];
    const promos: Promo[] = [];
    for (const [i, p] of promoDefs.entries()) {
      const createdAt = `2025-12-0${1 + i}T00:00:00Z`;
      const res = await t.db.execute<{ id: string }>(sql`
        insert into promotions (title, discount_type, discount_value, valid_from, valid_until, package_ids, audience,
          agent_id, shop_ids, max_uses, uses, active, owner_agent_id, created_at)
        values (${p.title}, ${p.type}, ${p.value}, ${p.from}::date, ${p.until}::date, ${sql.param(p.packageIds)}::uuid[],
          ${p.audience}, ${p.agentId}, ${sql.param(p.shopIds)}::uuid[], ${p.maxUses}, ${p.uses ?? 0}, ${p.active},
          ${p.owner}, ${createdAt}::timestamptz)
        returning id`);
      promos.push({ ...p, uses: p.uses ?? 0, id: res.rows[0]?.id as string, createdAt });
    }

    // Charges: on some shops, for months before, in and after the invoiced ones.
    const charges: ChargeRow[] = [];
    for (const [i, s] of shops.entries())
      if (r() < 0.3) {
        const month = pick(['2026-01-01', '2026-03-01', '2026-05-01', '2026-09-01']);
        const c = {
          shopId: s.id,
          month,
          lo: `ຄ່າຕິດຕັ້ງ ${i}`,
          qty: 1 + Math.floor(r() * 3),
          price: pick([0, 25_000, 100_000]),
        };
        const createdAt = `2026-01-01T00:00:${pad(i)}Z`;
        const res = await t.db.execute<{ id: string }>(sql`
          insert into rent_charges (shop_id, month, description_lo, description_en, quantity, unit_price, created_at)
          values (${c.shopId}, ${c.month}::date, ${c.lo}, ${c.lo}, ${c.qty}, ${c.price}, ${createdAt}::timestamptz) returning id`);
        charges.push({ ...c, id: res.rows[0]?.id as string, createdAt });
      }

    // ---- The rules, written out plainly ----
    const pickedCharges = new Set<string>();
    const expectMonth = (month: string) => {
      const first = `${month}-01`;
      const last = lastDay(month);
      const out: Array<{
        shopId: string;
        lines: Array<Record<string, unknown>>;
        subtotal: number;
        discount: number;
        total: number;
        promotionId: string | null;
        chargeIds: string[];
      }> = [];
      const usedNow = new Map<string, number>();
      for (const s of [...shops].sort((a, b) => a.seq - b.seq)) {
        if (s.createdOn > last) continue;
        let pkg: Pkg | null = null;
        if (s.history.length > 0) {
          const inForce = s.history
            .filter((h) => h.from <= first)
            .sort((a, b) => (a.from < b.from ? 1 : -1))[0];
          pkg = inForce ? (byId.get(inForce.packageId) ?? null) : null;
        } else if (s.packageId) pkg = byId.get(s.packageId) ?? null;
        const mine = new Set([s.id, ...s.branches]);
        const tickets = ticketRows
          .filter((x) => mine.has(x.shop) && x.cal === first)
          .reduce((a, x) => a + x.n, 0);
        const lines: Array<Record<string, unknown>> = [];
        if (pkg) {
          lines.push({
            kind: 'PACKAGE',
            quantity: 1,
            unitPrice: pkg.price,
            amount: pkg.price,
            refId: pkg.id,
          });
          const over = tickets - pkg.included;
          if (over > 0 && pkg.extra > 0)
            lines.push({
              kind: 'EXTRA_TICKETS',
              quantity: over,
              unitPrice: pkg.extra,
              amount: over * pkg.extra,
              refId: pkg.id,
            });
        }
        for (const price of [15_000, 18_000]) {
          const qty = rolls
            .filter((d) => mine.has(d.shop) && d.price === price && d.on >= first && d.on <= last)
            .reduce((a, d) => a + d.qty, 0);
          if (qty > 0)
            lines.push({ kind: 'ROLLS', quantity: qty, unitPrice: price, amount: qty * price, refId: null });
        }
        const myCharges = charges
          .filter((c) => c.shopId === s.id && c.month <= first && !pickedCharges.has(c.id))
          .sort((a, b) =>
            a.month === b.month ? (a.createdAt < b.createdAt ? -1 : 1) : a.month < b.month ? -1 : 1,
          );
        for (const c of myCharges)
          lines.push({
            kind: 'FEE',
            quantity: c.qty,
            unitPrice: c.price,
            amount: c.qty * c.price,
            refId: c.id,
            descriptionLo: c.lo,
          });
        // The promotion: switched on, dates touching the month, package listed (or none listed),
        // not used up, the shop in its audience; the largest discount above 0 (ties: the newest).
        let best: { id: string; discount: number; createdAt: string } | null = null;
        if (pkg)
          for (const p of promos) {
            if (!p.active || p.from > last || p.until < first) continue;
            if (p.packageIds.length > 0 && !p.packageIds.includes(pkg.id)) continue;
            if (p.maxUses !== null && p.uses + (usedNow.get(p.id) ?? 0) >= p.maxUses) continue;
            if (p.owner && s.agentId !== p.owner) continue;
            let inAudience = false;
            if (p.audience === 'ALL') inAudience = true;
            if (p.audience === 'AGENT') inAudience = s.agentId === p.agentId;
            if (p.audience === 'SHOPS') inAudience = p.shopIds.includes(s.id);
            if (p.audience === 'NEW_SHOPS')
              inAudience = s.createdOn >= p.from && (p.agentId === null || s.agentId === p.agentId);
            if (!inAudience) continue;
            let discount = 0;
            if (p.type === 'PERCENT') discount = Math.min(pkg.price, Math.round((pkg.price * p.value) / 100));
            if (p.type === 'AMOUNT') discount = Math.min(pkg.price, p.value);
            if (p.type === 'FREE_MONTHS') {
              const start =
                p.from.slice(0, 7) > s.createdOn.slice(0, 7) ? p.from.slice(0, 7) : s.createdOn.slice(0, 7);
              const [sy, sm] = start.split('-').map(Number) as [number, number];
              const [my, mm] = month.split('-').map(Number) as [number, number];
              const index = Math.max(0, (my - sy) * 12 + (mm - sm));
              discount = index < p.value ? pkg.price : 0;
            }
            if (discount <= 0) continue;
            if (
              !best ||
              discount > best.discount ||
              (discount === best.discount && p.createdAt > best.createdAt)
            )
              best = { id: p.id, discount, createdAt: p.createdAt };
          }
        // A closed shop with no tickets, rolls or charges in the month owes nothing.
        const rollsInMonth = rolls.some((d) => mine.has(d.shop) && d.on >= first && d.on <= last);
        if (s.closed && tickets === 0 && !rollsInMonth && myCharges.length === 0) continue;
        if (best)
          lines.push({
            kind: 'PROMOTION',
            quantity: 1,
            unitPrice: -best.discount,
            amount: -best.discount,
            refId: best.id,
          });
        if (lines.length === 0) continue;
        if (best) usedNow.set(best.id, (usedNow.get(best.id) ?? 0) + 1);
        for (const c of myCharges) pickedCharges.add(c.id);
        let subtotal = 0;
        let minus = 0;
        for (const l of lines) {
          const a = l.amount as number;
          if (a > 0) subtotal += a;
          else minus -= a;
        }
        const discount = Math.min(subtotal, minus);
        out.push({
          shopId: s.id,
          lines,
          subtotal,
          discount,
          total: subtotal - discount,
          promotionId: best?.id ?? null,
          chargeIds: myCharges.map((c) => c.id),
        });
      }
      for (const [id, n] of usedNow) {
        const p = promos.find((x) => x.id === id) as Promo;
        p.uses += n;
      }
      return out;
    };

    const year = Number(calendarDate(new Date(), t.config.platformTimezone).slice(0, 4));
    const check = async (month: string, expected: ReturnType<typeof expectMonth>, firstSeq: number) => {
      const got = await t.db.execute<{
        id: string;
        shop_id: string;
        number: string;
        seq: number;
        status: string;
        subtotal: string;
        discount: string;
        total: string;
        paid: string;
        promotion_id: string | null;
        tickets: number;
        due_date: string;
      }>(sql`select id, shop_id, number, seq, status, subtotal, discount, total, paid, promotion_id, tickets, due_date::text
             from rent_invoices where month = ${`${month}-01`}::date order by seq`);
      expect(got.rows.map((g) => g.shop_id)).toEqual(expected.map((e) => e.shopId));
      for (const [i, g] of got.rows.entries()) {
        const e = expected[i] as (typeof expected)[number];
        expect(g.seq).toBe(firstSeq + i);
        expect(g.number).toBe(`INV-${year}-${String(firstSeq + i).padStart(6, '0')}`);
        expect([Number(g.subtotal), Number(g.discount), Number(g.total), Number(g.paid)]).toEqual([
          e.subtotal,
          e.discount,
          e.total,
          0,
        ]);
        expect(g.status).toBe(e.total > 0 ? 'UNPAID' : 'PAID');
        expect(g.promotion_id).toBe(e.promotionId);
        const [ny, nm] = month.split('-').map(Number) as [number, number];
        expect(g.due_date).toBe(nm === 12 ? `${ny + 1}-01-10` : `${ny}-${pad(nm + 1)}-10`);
        const lines = await t.db.execute<Record<string, unknown>>(sql`
          select kind, quantity, unit_price::int as "unitPrice", amount::int as amount, ref_id as "refId", description_lo as "descriptionLo", position
          from rent_invoice_lines where invoice_id = ${g.id} order by position`);
        expect(lines.rows.map((l) => l.position)).toEqual(lines.rows.map((_, k) => k + 1));
        expect(
          lines.rows.map(({ position: _p, descriptionLo, ...l }) =>
            l.kind === 'FEE' ? { ...l, descriptionLo } : l,
          ),
        ).toEqual(e.lines);
        const picked = await t.db.execute<{ id: string }>(
          sql`select id from rent_charges where invoice_id = ${g.id} order by id`,
        );
        expect(picked.rows.map((c) => c.id)).toEqual([...e.chargeIds].sort());
      }
    };

    // March through the admins' call; June through the monthly job run on 1 July.
    const admin = await signedIn(t, 'ADMIN');
    const march = expectMonth('2026-03');
    const res = await call<{ created: number; skipped: number; existing: number; numbers: string[] }>(
      t.app,
      'POST',
      'manual-summary-rent',
      {
        token: admin.token,
        body: { month: '2026-03' },
      },
    );
    expect(res.statusCode, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data?.created).toBe(march.length);
    expect(res.body.data?.existing).toBe(0);
    const eligibleMarch = shops.filter((s) => s.createdOn <= '2026-03-31').length;
    expect(res.body.data?.skipped).toBe(eligibleMarch - march.length);
    await check('2026-03', march, 1);

    const june = expectMonth('2026-06');
    const job = await runMonthlyInvoices(
      { db: t.db, config: t.config },
      { now: new Date('2026-07-01T00:00:00Z'), batch: 7 },
    );
    expect(job.month).toBe('2026-06');
    expect(job.created).toBe(june.length);
    // The job's invoices carry the year of the day it ran (2026 here, as for the call above).
    if (year === 2026) await check('2026-06', june, march.length + 1);

    // Promotions' uses moved by exactly the invoices that took them.
    for (const p of promos) {
      const row = await t.db.execute<{ uses: number }>(sql`select uses from promotions where id = ${p.id}`);
      expect(row.rows[0]?.uses, p.title).toBe(p.uses);
    }
    // Cover what the data is meant to cover (so a generator change cannot quietly test less).
    const all = [...march, ...june].flatMap((e) => e.lines.map((l) => l.kind));
    for (const kind of ['PACKAGE', 'EXTRA_TICKETS', 'ROLLS', 'FEE', 'PROMOTION']) expect(all).toContain(kind);
    const usedPromos = new Set([...march, ...june].map((e) => e.promotionId).filter(Boolean));
    expect(usedPromos.size).toBeGreaterThanOrEqual(4);
    expect([...march, ...june].some((e) => e.total === 0)).toBe(true);
    // Closed shops: some invoiced (they worked that month), some left out (they did not).
    const invoiced = new Set([...march, ...june].map((e) => e.shopId));
    expect(shops.some((s) => s.closed && invoiced.has(s.id))).toBe(true);
    expect(shops.some((s) => s.closed && !invoiced.has(s.id) && s.createdOn <= '2026-03-31')).toBe(true);

    // The audit trail: one 'invoice.generate' per invoice, the job's by the system.
    const audits = await t.db.execute<{ n: string; system: string }>(sql`
      select count(*)::text as n, count(*) filter (where actor_id is null)::text as system
      from audit_events where action = 'invoice.generate'`);
    expect(Number(audits.rows[0]?.n)).toBe(march.length + june.length);
    expect(Number(audits.rows[0]?.system)).toBe(june.length);

    // Making the same months again makes nothing.
    const again = await call<{ created: number; existing: number }>(t.app, 'POST', 'manual-summary-rent', {
      token: admin.token,
      body: { month: '2026-03' },
    });
    expect([again.body.data?.created, again.body.data?.existing]).toEqual([0, march.length]);
    const job2 = await runMonthlyInvoices(
      { db: t.db, config: t.config },
      { now: new Date('2026-07-01T00:00:00Z') },
    );
    expect(job2.created).toBe(0);
  });
});
