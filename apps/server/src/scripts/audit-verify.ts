/**
 * `npm run audit:verify`: walk the audit chain and exit 1, naming the first bad event, when a
 * row was changed or removed. Uses DATABASE_URL, or the embedded database in DATA_DIR (joining a
 * Parking Hub that is running there, or starting the cluster for the check).
 */
import { loadConfig } from '../config.ts';
import { openDatabase } from '../db/open.ts';
import { verifyAuditChain } from '../modules/audit/audit.verify.ts';

const out = (line: string) => process.stdout.write(`${line}\n`);

async function main(): Promise<number> {
  const config = loadConfig();
  const opened = await openDatabase(config, { joinRunning: true });
  try {
    const report = await verifyAuditChain(opened.database.db);
    if (report.ok) {
      out(`audit chain OK: ${report.checked} events, head ${report.lastHash}`);
      return 0;
    }
    const bad = report.firstBad;
    const why =
      bad?.reason === 'changed'
        ? 'its content does not match its hash (the row was changed)'
        : 'it does not link to the event before it (an earlier event was removed or changed)';
    out(`audit chain BROKEN at event ${bad?.id}: ${why}. ${report.checked} events before it are intact.`);
    return 1;
  } finally {
    await opened.close();
  }
}

main().then(
  (code) => process.exit(code),
  (err: unknown) => {
    process.stderr.write(`audit verify failed to run: ${err instanceof Error ? err.message : String(err)}\n`);
    process.exit(2);
  },
);
