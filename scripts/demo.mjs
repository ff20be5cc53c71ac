// `npm run demo`: the app on its own demo database (DATA_DIR ./data-demo unless set), filled on the
// first run by `npm run seed:demo` (6 shops, 90 days of bills). Sign in as admin / demo1234.
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
process.env.DATA_DIR ??= path.join(root, 'data-demo');
process.env.INITIAL_ADMIN_USERNAME ??= 'admin';
process.env.INITIAL_ADMIN_PASSWORD ??= 'demo1234';

const seed = spawnSync(process.execPath, ['--import', 'tsx', 'apps/server/src/scripts/seed-demo.ts'], {
  cwd: root,
  stdio: 'inherit',
  env: process.env,
});
if (seed.status !== 0) process.exit(seed.status ?? 1);
await import('./start.mjs');
