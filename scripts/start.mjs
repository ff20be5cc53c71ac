// `npm start`: build the web app when it has not been built, then run the server in this process
// (TypeScript through tsx, so there is no server build step). See docs/decisions/001-stack.md.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
// WEB_DIST points the server at another build (the caller made it); the default one is built here.
const webIndex = path.join(process.env.WEB_DIST ?? path.join(root, 'apps/web/dist'), 'index.html');

if (!existsSync(webIndex) && !process.env.WEB_DIST) {
  process.stdout.write('Building the web app (first start only)…\n');
  const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
  const build = spawnSync(npm, ['run', 'build', '-w', '@parking-hub/web'], { cwd: root, stdio: 'inherit' });
  if (build.status !== 0) {
    process.stderr.write('The web app did not build; see the errors above.\n');
    process.exit(build.status ?? 1);
  }
}

const { register } = await import('tsx/esm/api');
register();
await import(path.join(root, 'apps/server/src/main.ts'));
