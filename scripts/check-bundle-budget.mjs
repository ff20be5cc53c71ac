// `npm run budget`: the gzip size of the JavaScript the login route ('/') loads, from the web
// build's manifest: the entry and everything it imports (the public layout and the login page are
// part of it; were either a lazy chunk again, it is counted with its imports). Fails above the
// budget (decision 005: 150 KB gzip). Run after a web build; WEB_DIST measures another build.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

process.stdout.on('error', () => {}); // e.g. piped into head
const BUDGET_BYTES = 150 * 1024;
const LOGIN_ROUTE_MODULES = ['src/app/layout/public-layout.tsx', 'src/features/auth/login-page.tsx'];

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const dist = process.env.WEB_DIST || path.join(root, 'apps/web/dist');
const manifestFile = path.join(dist, '.vite/manifest.json');
if (!existsSync(manifestFile)) {
  console.error(`No web build at ${dist}: run \`npm run build\` first.`);
  process.exit(1);
}
const manifest = JSON.parse(readFileSync(manifestFile, 'utf8'));

const files = new Set();
function collect(key) {
  const chunk = manifest[key];
  if (!chunk) throw new Error(`${key} is not in the build manifest`);
  if (files.has(chunk.file)) return;
  files.add(chunk.file);
  for (const imported of chunk.imports ?? []) collect(imported);
}
const entry = Object.keys(manifest).find((k) => manifest[k].isEntry);
collect(entry);
for (const key of LOGIN_ROUTE_MODULES) if (manifest[key]) collect(key);

let total = 0;
const rows = [...files]
  .filter((f) => f.endsWith('.js'))
  .map((file) => {
    const gz = gzipSync(readFileSync(path.join(dist, file)), { level: 9 }).length;
    total += gz;
    return { file, gz };
  })
  .sort((a, b) => b.gz - a.gz);
const kb = (n) => `${(n / 1024).toFixed(1)} KB`;
for (const r of rows) process.stdout.write(`${kb(r.gz).padStart(10)}  ${r.file}\n`);
process.stdout.write(`${kb(total).padStart(10)}  login route JS (gzip), budget ${kb(BUDGET_BYTES)}\n`);
if (total > BUDGET_BYTES) {
  console.error(`Over budget by ${kb(total - BUDGET_BYTES)}.`);
  process.exit(1);
}
