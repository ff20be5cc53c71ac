/**
 * `npm run seed:demo -- --shops 6 --days 90`: demo data (shops, staff of every role, price
 * rules, members, bills) in DATABASE_URL or the embedded database in DATA_DIR. Also what the
 * benchmarks use for large volumes (`--shops 200 --days 730 --per-day 61 --no-prints --no-trail`: 10M bills).
 */
import { parseArgs } from 'node:util';
import { DEMO_PASSWORD, seedDemo } from '../modules/demo/demo.seed.ts';
import { runWithDatabase } from './run-script.ts';

const out = (line: string) => process.stdout.write(`${line}\n`);

const USAGE = `usage: npm run seed:demo -- [--shops N] [--days D] [--per-day B] [--seed S] [--append] [--no-prints] [--no-trail]
  --shops     main shops to make (default 6; every other round of the six kinds gets a branch)
  --days      days of bills up to now (default 90)
  --per-day   average bills per shop per day (default: each kind's own traffic, about 320)
  --seed      random seed (default 42): the same seed gives the same data
  --append    add another set of shops when the demo shops exist already
  --no-prints skip the print-history rows (faster for very large volumes)
  --no-trail  skip the demo users' backdated audit trail (faster for very large volumes)`;

function positive(name: string, value: string | undefined, fallback: number): number {
  if (value === undefined) return fallback;
  const n = Number(value);
  if (!Number.isInteger(n) || n < 1) throw new Error(`--${name} must be a whole number above 0\n${USAGE}`);
  return n;
}

function optionsFromArgs() {
  const { values } = parseArgs({
    options: {
      shops: { type: 'string' },
      days: { type: 'string' },
      'per-day': { type: 'string' },
      seed: { type: 'string' },
      append: { type: 'boolean' },
      'no-prints': { type: 'boolean' },
      'no-trail': { type: 'boolean' },
      help: { type: 'boolean' },
    },
  });
  if (values.help) return null;
  return {
    shops: positive('shops', values.shops, 6),
    days: positive('days', values.days, 90),
    perDay: values['per-day'] ? positive('per-day', values['per-day'], 1) : undefined,
    seed: positive('seed', values.seed, 42),
    append: values.append ?? false,
    prints: !values['no-prints'],
    trail: !values['no-trail'],
    log: out,
  };
}

let options: ReturnType<typeof optionsFromArgs>;
try {
  options = optionsFromArgs();
} catch (err) {
  process.stderr.write(`${err instanceof Error ? err.message : String(err)}\n`);
  process.exit(1);
}
if (!options) {
  out(USAGE);
  process.exit(0);
}
const seedOptions = options;

runWithDatabase(
  'seed:demo',
  async (opened) => {
    const s = await seedDemo(opened.database, seedOptions);
    if (s.skipped) {
      out('The demo shops are there already: nothing added (use --append to add another set).');
      return 0;
    }
    out(
      `Demo data: ${s.shops} shops (${s.branches} branches), ${s.users} users, ${s.bills.toLocaleString('en')} bills ` +
        `(${s.parked} parked now, ${s.cancelled} cancelled, ${s.lost} lost, ${s.members} by members), ` +
        `${s.events.toLocaleString('en')} audit events in ${s.seconds.toFixed(1)} s.`,
    );
    out(`Every demo user's password: ${DEMO_PASSWORD} (see README: demo logins).`);
    return 0;
  },
  1,
);
