/**
 * `npm run finance:check` proves the money adds up: each wallet's balance equals the sum of its
 * ledger and each entry's balance_after its running sum; each invoice's paid equals its payments
 * and its status follows; its subtotal, discount and total equal its lines; each payment on an
 * agent's invoice has exactly one commission of the right amount (a reversal: the original's,
 * negated); each payout equals the commissions it paid; the finance report's monthly rollup
 * equals the money rows. Prints the mismatches and exits 1 on any.
 * Uses DATABASE_URL, or the embedded database in DATA_DIR (like `npm run report:check`).
 */
import type pg from 'pg';
import { financeCheck, financeCounts } from '../modules/finance/finance.check.ts';
import { runWithDatabase } from './run-script.ts';

const out = (line: string) => process.stdout.write(`${line}\n`);

async function check(pool: pg.Pool): Promise<number> {
  const started = Date.now();
  const found = await financeCheck(pool);
  const counts = await financeCounts(pool);
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  if (found.length === 0) {
    out(
      `finance OK: ${counts?.wallets} wallets, ${counts?.entries} ledger entries, ${counts?.invoices} invoices, ${counts?.payments} payments add up (${seconds} s)`,
    );
    return 0;
  }
  out(`finance check FOUND ${found.length} mismatches; the first ones:`);
  for (const m of found.slice(0, 50)) out(`  ${m.check}: ${m.id} expected ${m.expected}, found ${m.actual}`);
  return 1;
}

runWithDatabase('finance check', (opened) => check(opened.database.pool));
