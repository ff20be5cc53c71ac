import { loadConfig } from '../config.ts';
import { type OpenedDatabase, openDatabase } from '../db/open.ts';

/**
 * Run a command-line job on DATABASE_URL, or on the embedded database in DATA_DIR (joining a
 * Parking Hub that is running there, or starting the cluster for the job), and exit with the
 * job's code; a job that fails to run exits `failCode` with its reason.
 */
export function runWithDatabase(
  name: string,
  job: (opened: OpenedDatabase) => Promise<number>,
  failCode = 2,
): void {
  const run = async () => {
    const opened = await openDatabase(loadConfig(), { joinRunning: true });
    try {
      return await job(opened);
    } finally {
      await opened.close();
    }
  };
  run().then(
    (code) => process.exit(code),
    (err: unknown) => {
      process.stderr.write(`${name} failed to run: ${err instanceof Error ? err.message : String(err)}\n`);
      process.exit(failCode);
    },
  );
}
