// The real server on a throw-away embedded database filled by seed:demo, for the browser
// measures (scripts/lighthouse.mjs, scripts/gate-bench.mjs). Loopback only; stop() ends it.
import { spawn, spawnSync } from 'node:child_process';
import net from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

export function freePort() {
  return new Promise((resolve, reject) => {
    const s = net.createServer();
    s.on('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address();
      s.close(() => resolve(port));
    });
  });
}

/**
 * The environment of a measured server: loopback on a free port, a fresh embedded database in
 * `dataDir`, the web build `webDist`, quiet logs, sign-ins not rate-limited, no job worker polling
 * beside the measure.
 */
export async function measureEnv(dataDir, webDist) {
  return {
    ...process.env,
    HOST: '127.0.0.1',
    PORT: String(await freePort()),
    DATA_DIR: dataDir,
    DATABASE_URL: '',
    WEB_DIST: webDist,
    LOG_LEVEL: 'warn',
    LOGIN_RATE_PER_MINUTE: '1000',
    JOBS_WORKERS: 'false',
  };
}

/** seed:demo into the fresh DATA_DIR of `env` (2 shops, 30 days: every card has data). */
export function seed(env) {
  const res = spawnSync(
    process.execPath,
    ['--import', 'tsx', 'apps/server/src/scripts/seed-demo.ts', '--shops', '2', '--days', '30'],
    { cwd: root, env, stdio: ['ignore', 'ignore', 'inherit'] },
  );
  if (res.status !== 0) throw new Error(`seed:demo exited with ${res.status}`);
}

/** The real server (as `npm start` runs it) in its own process, on the loopback port of `env`. */
export async function startServer(env) {
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
    cwd: root,
    env,
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const base = `http://127.0.0.1:${env.PORT}`;
  const deadline = Date.now() + 120_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the server exited with ${child.exitCode}`);
    const ok = await fetch(`${base}/parking-hub-api/health`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) break;
    if (Date.now() > deadline) throw new Error('the server did not start within 2 minutes');
    await new Promise((r) => setTimeout(r, 250));
  }
  return {
    base,
    async stop() {
      if (child.exitCode !== null) return;
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGTERM');
      await exited;
    },
  };
}
