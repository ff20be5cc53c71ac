import { DEFAULT_TIMEZONE } from '@parking-hub/contracts/business-day';
import { monthIn } from '@parking-hub/contracts/packages';
import type pg from 'pg';
import type { DemoShop } from './demo.bills.ts';

/** The demo's rental packages: a small car park, a busy one, a chain with branches. */
export const DEMO_PACKAGES = [
  { nameLo: 'ພື້ນຖານ', nameEn: 'Basic', price: 150_000, tickets: 3_000, extra: 60, users: 3, branches: 0 },
  {
    nameLo: 'ມາດຕະຖານ',
    nameEn: 'Standard',
    price: 350_000,
    tickets: 10_000,
    extra: 45,
    users: 8,
    branches: 2,
  },
  { nameLo: 'ໂປຣ', nameEn: 'Pro', price: 900_000, tickets: 40_000, extra: 30, users: null, branches: null },
] as const;

/** 'YYYY-MM' moved by `n` months. */
function addMonths(month: string, n: number): string {
  const [y, m] = month.split('-').map(Number) as [number, number];
  const i = y * 12 + (m - 1) + n;
  return `${Math.floor(i / 12)}-${String((i % 12) + 1).padStart(2, '0')}`;
}

/**
 * Packages for the demo's main shops (their branches follow), from the month the shops opened.
 * Shops with a branch take Standard or Pro (Basic allows none); the first shop moved up a
 * package two months ago (or since it opened), so its history has two rows to show.
 */
export async function seedDemoPackages(
  db: pg.ClientBase,
  o: { shops: DemoShop[]; start: Date; now: Date; createdBy: string },
) {
  const ids: string[] = [];
  for (const p of DEMO_PACKAGES) {
    const found = await db.query<{ id: string }>('select id from packages where name_en = $1 limit 1', [
      p.nameEn,
    ]);
    const row =
      found.rows[0] ??
      (
        await db.query<{ id: string }>(
          `insert into packages (name_lo, name_en, monthly_price, tickets_included, extra_ticket_price,
             users_allowed, branches_allowed) values ($1, $2, $3, $4, $5, $6, $7) returning id`,
          [p.nameLo, p.nameEn, p.price, p.tickets, p.extra, p.users, p.branches],
        )
      ).rows[0];
    if (row) ids.push(row.id);
  }
  const [basic, standard, pro] = ids as [string, string, string];
  const opened = monthIn(o.start, DEFAULT_TIMEZONE);
  const current = monthIn(o.now, DEFAULT_TIMEZONE);
  const mains = o.shops.filter((s) => !s.parentId);
  const withBranch = new Set(o.shops.map((s) => s.parentId).filter(Boolean));
  const rows: [string, string, string][] = [];
  mains.forEach((shop, i) => {
    const first = withBranch.has(shop.id) ? (i % 2 ? pro : standard) : [basic, standard, pro][i % 3];
    if (i > 0) {
      rows.push([shop.id, `${opened}-01`, first ?? basic]);
      return;
    }
    // Two months ago (not before the month after opening, not after this month): a move up.
    const later = [addMonths(opened, 1), addMonths(current, -2)].sort()[1] ?? current;
    const change = later < current ? later : current;
    const branch = withBranch.has(shop.id);
    rows.push([shop.id, `${opened}-01`, branch ? standard : basic]);
    if (change > opened) rows.push([shop.id, `${change}-01`, branch ? pro : standard]);
  });
  await db.query(
    `insert into shop_packages (shop_id, from_month, package_id, created_by, created_at)
       select s, m::date, p, $4, $5 from unnest($1::uuid[], $2::text[], $3::uuid[]) as t(s, m, p)
     on conflict (shop_id, from_month) do update set package_id = excluded.package_id`,
    [rows.map((r) => r[0]), rows.map((r) => r[1]), rows.map((r) => r[2]), o.createdBy, o.start],
  );
  // The lists show the latest choice; a branch shows its main shop's.
  await db.query(
    `update shops s set package_id = (select package_id from shop_packages sp
        where sp.shop_id = coalesce(s.parent_id, s.id) order by from_month desc limit 1)
     where coalesce(s.parent_id, s.id) = any($1::uuid[])`,
    [mains.map((s) => s.id)],
  );
}
