import type pg from 'pg';
import { rebuildPaper } from '../rolls/paper.rebuild.ts';
import type { DemoShop } from './demo.bills.ts';

const DAY = 86_400_000;
const TICKETS_PER_ROLL = 250;
const iso = (at: number) => new Date(at).toISOString().slice(0, 10);

interface ShopPrints {
  /** Tickets printed since the demo's first delivery day. */
  since: number;
  /** Tickets printed over the last 14 days. */
  recent: number;
}

/**
 * Paper rolls for the demo: each agent receives stock with serials, and moves rolls out of it to
 * their main shops (first on the first day of the bills, then again halfway), sized from the
 * shop's own prints so that the lists tell a story: the first shop is low on paper (about three
 * days left), the second printed more tickets than it received (and its latest tickets carry roll
 * serials never delivered to it), the others have weeks of paper. The last two weeks' prints carry
 * the serial of a roll delivered to their shop. Run after the print history is written.
 */
export async function seedDemoRolls(
  db: pg.ClientBase,
  input: { agents: string[]; shops: DemoShop[]; days: number; now: Date; createdBy: string | null },
): Promise<number> {
  const mains = input.shops.filter((s) => s.parentId === null);
  if (mains.length === 0 || input.agents.length === 0) return 0;
  const now = input.now.getTime();
  const firstDay = iso(now - input.days * DAY);
  const halfway = iso(now - Math.floor(input.days / 2) * DAY);
  const today = iso(now);
  const fee = await db.query<{ amount: number }>(
    `select amount from fees where code = 'PAPER_ROLL' and active`,
  );
  const unitPrice = fee.rows[0]?.amount ?? 15000;
  const counted = await db.query<{ shop_id: string; since: string; recent: string }>(
    `select shop_id, coalesce(sum(prints) filter (where day >= $2::date), 0) as since,
            coalesce(sum(prints) filter (where day > $3::date - 14), 0) as recent
     from paper_prints_daily where shop_id = any($1::uuid[]) group by 1`,
    [mains.map((s) => s.id), firstDay, today],
  );
  const prints = new Map<string, ShopPrints>(
    counted.rows.map((r) => [r.shop_id, { since: Number(r.since), recent: Number(r.recent) }]),
  );

  // Rolls per shop: what it printed since the first delivery, plus days of paper still to go.
  const plan = mains.map((shop, i) => {
    const p = prints.get(shop.id) ?? { since: 0, recent: 0 };
    const pace = p.recent / 14;
    const tickets =
      i === 1 ? Math.floor(p.since * 0.7) : p.since + Math.ceil(pace * (i === 0 ? 3 : 30 + 5 * i));
    // The low shop's rolls round down (a few days left at most), the others' up.
    const rolls = Math.max(2, (i === 0 ? Math.floor : Math.ceil)(tickets / TICKETS_PER_ROLL));
    return {
      shop,
      first: Math.max(1, Math.floor(rolls / 2)),
      second: rolls - Math.max(1, Math.floor(rolls / 2)),
    };
  });

  // Each agent's stock: every roll their shops get, and some left in hand.
  // Past every serial already delivered (a demo added with --append).
  const top = await db.query<{ n: string }>('select coalesce(max(serial_last), 0) as n from roll_deliveries');
  let next = Math.max(100_000, Math.ceil((Number(top.rows[0]?.n ?? 0) + 1) / 100_000) * 100_000);
  const stockStart = new Map<string, number>();
  for (const agentId of input.agents) {
    const needed = plan.filter((p) => p.shop.agentId === agentId).reduce((n, p) => n + p.first + p.second, 0);
    const quantity = needed + 40;
    stockStart.set(agentId, next);
    await db.query(
      `insert into roll_deliveries (kind, person_id, delivered_on, quantity, tickets_per_roll, serial_first,
         serial_last, unit_price, delivered_by, note, created_by)
       values ('PERSON', $1, $2, $3, $4, $5, $6, $7, $8, 'ມ້ວນເຈ້ຍປະຈຳໄຕມາດ', $8)`,
      [
        agentId,
        iso(now - (input.days + 5) * DAY),
        quantity,
        TICKETS_PER_ROLL,
        next,
        next + quantity - 1,
        unitPrice,
        input.createdBy,
      ],
    );
    next += quantity + 1000;
  }

  let deliveries = 0;
  for (const p of plan) {
    const agentId = p.shop.agentId;
    for (const [on, quantity] of [
      [firstDay, p.first],
      [halfway, p.second],
    ] as const) {
      if (quantity <= 0) continue;
      const first = stockStart.get(agentId) ?? 0;
      stockStart.set(agentId, first + quantity);
      await db.query(
        `insert into roll_deliveries (kind, shop_id, from_person_id, delivered_on, quantity, tickets_per_roll,
           serial_first, serial_last, unit_price, delivered_by, created_by)
         values ('SHOP', $1, $2, $3, $4, $5, $6, $7, $8, $2, $2)`,
        [p.shop.id, agentId, on, quantity, TICKETS_PER_ROLL, first, first + quantity - 1, unitPrice],
      );
      deliveries++;
    }
  }

  // The last two weeks' prints carry a roll delivered to their shop; the over-printing shop's last
  // week's prints carry three serials nobody delivered to it.
  await db.query(
    `update bill_prints b set roll_serial = d.serial_first + (extract(day from b.printed_at)::int % d.quantity)
     from (select distinct on (shop_id) shop_id, serial_first, quantity from roll_deliveries
           where kind = 'SHOP' and shop_id = any($1::uuid[]) order by shop_id, delivered_on desc) d
     where b.shop_id = d.shop_id and b.printed_at > $2::timestamptz - interval '14 days'`,
    [mains.map((s) => s.id), input.now],
  );
  const over = plan[1]?.shop.id;
  if (over) {
    await db.query(
      `update bill_prints set roll_serial = $3::bigint + (extract(day from printed_at)::int % 3)
       where shop_id = $1 and printed_at > $2::timestamptz - interval '7 days'`,
      [over, input.now, next + 500_000],
    );
  }
  await rebuildPaper(
    db,
    mains.map((s) => s.id),
  );
  return deliveries;
}
