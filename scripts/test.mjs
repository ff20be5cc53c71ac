// `npm test`: every test, one command after another, each printing as it goes: the unit tests,
// the API tests (vitest on PostgreSQL), the browser tests (scripts/e2e.mjs: web build, then
// Playwright on its workers), and what .ci/run adds; a summary with each command's seconds.
//
//   npm test                               unit, API, browser
//   npm test -- --api-again-on URL         the API tests again on the server at URL (DATABASE_URL),
//                                          after the browser tests (.ci/run)
//   npm test -- --bench-short              then `npm run bench:short` (.ci/run)
//   TEST_LANES=parallel npm test           the API commands in a lane of their own beside the
//                                          browser tests, each printed whole when it ends. On
//                                          this 2-core machine that was slower and flaky: the
//                                          browser tests' two workers already fill both cores
//                                          (decision 025).
//
// Exits 1 when any command failed; every command runs even after one failed.
import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
const { values } = parseArgs({
  options: { 'api-again-on': { type: 'string' }, 'bench-short': { type: 'boolean', default: false } },
});

/** A command of the plan: what it is called in the summary, the npm script and its environment. */
const command = (title, script, env = {}) => ({ title, script, env });

const unit = command('unit tests (contracts, web)', 'test:unit');
const api = command('API tests (embedded PostgreSQL unless DATABASE_URL)', 'test:api');
const browser = command('browser tests (Chromium)', 'test:e2e');
const extra = [];
if (values['api-again-on'])
  extra.push(
    command(`API tests again on ${values['api-again-on']}`, 'test:api', {
      DATABASE_URL: values['api-again-on'],
    }),
  );
if (values['bench-short']) extra.push(command('bench, short mode', 'bench:short'));

const results = [];

/** Runs one npm script; `live` streams its output, otherwise it is printed whole at the end. */
function run({ title, script, env }, live) {
  const started = Date.now();
  return new Promise((resolve) => {
    const child = spawn(npm, ['run', '--silent', script], {
      cwd: root,
      env: { ...process.env, ...env },
      stdio: live ? 'inherit' : ['ignore', 'pipe', 'pipe'],
    });
    const chunks = [];
    child.stdout?.on('data', (c) => chunks.push(c));
    child.stderr?.on('data', (c) => chunks.push(c));
    child.once('close', (code, signal) => {
      const status = code ?? (signal ? 1 : 0);
      const seconds = Math.round((Date.now() - started) / 1000);
      if (!live) {
        process.stdout.write(`\n----- ${title}: exit ${status}, ${seconds} s -----\n`);
        process.stdout.write(Buffer.concat(chunks));
        process.stdout.write(`----- end of ${title} -----\n\n`);
      }
      results.push({ title, status, seconds });
      resolve(status);
    });
  });
}

async function lane(commands, live) {
  for (const c of commands) await run(c, live);
}

await run(unit, true);
if (process.env.TEST_LANES === 'parallel')
  await Promise.all([lane([api, ...extra], false), run(browser, true)]);
else await lane([api, browser, ...extra], true);

process.stdout.write('\nnpm test:\n');
for (const r of results)
  process.stdout.write(`  ${r.status === 0 ? 'ok    ' : 'FAILED'}  ${r.title} (${r.seconds} s)\n`);
const failed = results.filter((r) => r.status !== 0).length;
process.stdout.write(`npm test: ${results.length - failed} of ${results.length} commands passed\n`);
process.exit(failed ? 1 : 0);
