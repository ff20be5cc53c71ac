/**
 * `npm run audit:verify`: walk the audit chain and exit 1, naming the first bad event, when a
 * row was changed or removed. Uses DATABASE_URL, or the embedded database in DATA_DIR (joining a
 * Parking Hub that is running there, or starting the cluster for the check).
 */
import { verifyAuditChain } from '../modules/audit/audit.verify.ts';
import { runWithDatabase } from './run-script.ts';

const out = (line: string) => process.stdout.write(`${line}\n`);

runWithDatabase('audit verify', async (opened) => {
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
});
