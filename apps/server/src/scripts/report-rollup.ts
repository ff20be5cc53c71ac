/**
 * `npm run report:rebuild` refills the report rollup from the bills and the pass payments (all shops, or `--shop <id>`
 * repeated); `npm run report:check` compares the rollup with the bills and exits 1, listing the
 * first differences, when they disagree. Uses DATABASE_URL, or the embedded database in DATA_DIR
 * (joining a Parking Hub that is running there, or starting the cluster for the job).
 */
import type pg from 'pg';
import { checkPaper, rebuildPaper } from '../modules/rolls/paper.rebuild.ts';
import { runWithDatabase } from './run-script.ts';

const out = (line: string) => process.stdout.write(`${line}\n`);

function shopsFromArgs(args: string[]): string[] | null {
  const ids = args.flatMap((a, i) => (a === '--shop' && args[i + 1] ? [args[i + 1] as string] : []));
  return ids.length ? ids : null;
}

async function rebuild(pool: pg.Pool, shops: string[] | null): Promise<number> {
  const started = Date.now();
  const { rows } = await pool.query<{ n: string }>('select report_rebuild($1::uuid[]) as n', [shops]);
  await pool.query('analyze report_daily, report_monthly, report_scope_daily, plate_pairs, plate_visits');
  out(`report rollup rebuilt: ${rows[0]?.n ?? 0} rows in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  // The paper counts (tickets printed per shop and day, month, and each shop's paper account).
  const paperDays = await rebuildPaper(pool, shops);
  await pool.query('analyze paper_prints_daily, paper_prints_monthly, shop_paper');
  out(`paper counts rebuilt: ${paperDays} shop days`);
  return 0;
}

async function check(pool: pg.Pool, shops: string[] | null): Promise<number> {
  const started = Date.now();
  const { rows } = await pool.query(
    `select side, shop_id, cal_date::text, biz_date::text, vehicle_type, staff_id, method, bills_in,
            bills_out, lost, cancelled, amount, cancelled_amount, passes
     from report_check($1::uuid[]) order by shop_id, cal_date, biz_date, side`,
    [shops],
  );
  const totals = await pool.query<{ rows: string; bills_in: string; amount: string }>(
    `select count(*) as rows, coalesce(sum(bills_in), 0) as bills_in, coalesce(sum(amount), 0) as amount
     from report_daily where $1::uuid[] is null or shop_id = any($1::uuid[])`,
    [shops],
  );
  // The platform's and agents' rows and the month rows against the shop rows (just checked against the bills).
  const scopes = await pool.query(
    `select side, scope, cal_date::text, biz_date::text, vehicle_type, method, bills_in, bills_out, lost,
            cancelled, amount, cancelled_amount, passes
     from report_scope_check() order by scope, cal_date, biz_date, side`,
  );
  const monthly = await pool.query(
    `select side, shop_id, cal_month::text, biz_month::text, staff_id, method, bills_in, bills_out, lost,
            cancelled, amount, cancelled_amount, passes
     from report_monthly_check() order by shop_id, cal_month, biz_month, side`,
  );
  // The regular customers' rows (plate_visits) against the bills.
  const plates = await pool.query(
    `select side, shop_id, grain, cal::text, biz::text, plate_key, visits, amount
     from plate_visits_check() order by shop_id, plate_key, grain, cal, biz, side`,
  );
  // The paper counts against bill_prints and the deliveries.
  const paper = (await checkPaper(pool)).filter((r) => !shops || shops.includes(r.shop_id));
  rows.push(...scopes.rows, ...monthly.rows, ...plates.rows, ...paper);
  const t = totals.rows[0];
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  if (rows.length === 0) {
    out(
      `report rollup OK: equal to the bills (${t?.rows} rows, ${t?.bills_in} check-ins, ${t?.amount} kip) in ${seconds} s`,
    );
    return 0;
  }
  out(
    `report rollup DIFFERS from the bills in ${rows.length} rows (${scopes.rows.length} scope, ${monthly.rows.length} month and ${plates.rows.length} plate visit and ${paper.length} paper rows among them); the first ones:`,
  );
  for (const r of rows.slice(0, 20)) out(`  ${JSON.stringify(r)}`);
  out('Run `npm run report:rebuild` to refill it from the bills.');
  return 1;
}

const [command = 'check', ...args] = process.argv.slice(2);
if (command !== 'rebuild' && command !== 'check') {
  out('usage: report-rollup.ts rebuild|check [--shop <id>]…');
  process.exit(2);
}
const shops = shopsFromArgs(args);
runWithDatabase('report job', (opened) =>
  (command === 'rebuild' ? rebuild : check)(opened.database.pool, shops),
);
