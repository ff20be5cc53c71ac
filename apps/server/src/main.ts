import { buildApp } from './app.ts';
import { loadConfig, publicUrlWarning } from './config.ts';
import { DataDirInUseError } from './db/embedded.ts';
import { superviseEmbedded } from './db/embedded-supervisor.ts';
import { openDatabase } from './db/open.ts';
import { loggerOptions } from './lib/logger.ts';
import { ensureFirstAdmin } from './modules/users/bootstrap.ts';

const SHUTDOWN_GRACE_MS = 9_000;

function banner(lines: string[]) {
  const width = Math.max(...lines.map((l) => l.length)) + 4;
  const bar = '='.repeat(width);
  process.stdout.write(`\n${bar}\n${lines.map((l) => `  ${l}`).join('\n')}\n${bar}\n\n`);
}

async function main() {
  const config = loadConfig();
  const started = Date.now();
  const opened = await openDatabase(config, {
    log: (m) => {
      if (config.logLevel === 'debug' || config.logLevel === 'trace')
        process.stdout.write(`[postgres] ${m}\n`);
    },
  });
  const app = await buildApp({ config, database: opened.database, logger: loggerOptions(config) });

  let closing = false;
  const shutdown = async (signal: string, exitCode = 0) => {
    if (closing) {
      app.log.warn(`${signal} again: exiting now`);
      process.exit(1);
    }
    closing = true;
    app.log.info(`${signal}: stopping`);
    const force = setTimeout(() => {
      app.log.error('shutdown took too long: exiting');
      process.exit(1);
    }, SHUTDOWN_GRACE_MS);
    force.unref();
    try {
      await app.close();
      await opened.close();
      app.log.info('stopped cleanly');
      process.exit(exitCode);
    } catch (err) {
      app.log.error({ err }, 'error while stopping');
      process.exit(1);
    }
  };
  // pg-boss marks jobs complete without awaiting the query: a database hiccup then would be an
  // unhandled rejection, which must not take the server down (the job simply runs again).
  process.on('unhandledRejection', (err) => app.log.error({ err }, 'unhandled rejection'));
  // A dead embedded PostgreSQL is started again; if it cannot be, the process exits non-zero so
  // that a supervisor (systemd, Docker) can restart the whole (docs/decisions/014).
  if (opened.cluster) {
    superviseEmbedded(opened.cluster, {
      log: app.log,
      onGiveUp: () => void shutdown('database lost', 1),
    });
  }
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));

  try {
    const admin = await ensureFirstAdmin(opened.database.db, config.initialAdmin);
    const address = await app.listen({ host: config.host, port: config.port });
    const url = address.replace('127.0.0.1', 'localhost');
    const lines = [
      `Parking Hub is running: ${url}`,
      `API docs: ${url}/parking-hub-api/docs`,
      `Database: ${opened.embedded ? `embedded PostgreSQL in ${config.dataDir}` : 'DATABASE_URL'}`,
      `Started in ${((Date.now() - started) / 1000).toFixed(1)} s. Ctrl-C stops it.`,
    ];
    if (admin) {
      lines.push('', `First SUPER-ADMIN created: user name "${admin.username}"`);
      lines.push(
        admin.generatedPassword
          ? `Password: ${admin.generatedPassword}   (shown once: write it down, then change it)`
          : 'Password: the one in INITIAL_ADMIN_PASSWORD',
      );
    }
    const linkWarning = publicUrlWarning(config);
    if (linkWarning) {
      app.log.warn(linkWarning);
      lines.push('', `WARNING: ${linkWarning}`);
    }
    banner(lines);
  } catch (err) {
    app.log.error({ err }, 'could not start');
    await app.close().catch(() => {});
    await opened.close().catch(() => {});
    process.exit(1);
  }
}

main().catch((err: unknown) => {
  if (err instanceof DataDirInUseError) {
    process.stderr.write(`\n${err.message}\n\n`);
  } else {
    process.stderr.write(
      `\nParking Hub could not start: ${err instanceof Error ? err.stack : String(err)}\n\n`,
    );
  }
  process.exit(1);
});
