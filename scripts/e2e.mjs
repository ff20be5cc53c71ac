// `npm run test:e2e`: the browser tests in Debian's Chromium. A machine without Chromium skips them
// with a notice (a fresh machine has only Node and npm); CI sets E2E_REQUIRED=1 and fails instead.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';

if (!existsSync(chromium)) {
  const msg = `Chromium not found at ${chromium}: browser tests`;
  if (process.env.E2E_REQUIRED === '1') {
    process.stderr.write(`${msg} are required here (E2E_REQUIRED=1). Install it: apt-get install chromium\n`);
    process.exit(1);
  }
  process.stdout.write(`\n*** ${msg} SKIPPED. Install it (apt-get install chromium) or run .ci/run. ***\n\n`);
  process.exit(0);
}

const run = (args) => spawnSync(npm, args, { cwd: root, stdio: 'inherit' }).status ?? 1;
if (process.env.E2E_SKIP_BUILD !== '1' && run(['run', 'build', '-w', '@parking-hub/web']) !== 0)
  process.exit(1);
const extra = process.argv.slice(2);
process.exit(
  spawnSync('npx', ['playwright', 'test', '-c', 'e2e/playwright.config.ts', ...extra], {
    cwd: root,
    stdio: 'inherit',
  }).status ?? 1,
);
