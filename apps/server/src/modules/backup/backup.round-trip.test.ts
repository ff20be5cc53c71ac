import { mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { gzipSync } from 'node:zlib';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectDatabase } from '../../db/client.ts';
import { startEmbeddedPostgres } from '../../db/embedded.ts';
import { EMBEDDED_DATABASE } from '../../db/open.ts';
import { call, createTestApp, signedIn, type TestApp } from '../../test/harness.ts';
import { verifyAuditChain } from '../audit/audit.verify.ts';
import { billApi, shopWithStaff } from '../bills/bills.test-support.ts';
import { createBackup } from './backup.create.ts';
import { MAGIC } from './backup.format.ts';
import { restoreBackup } from './backup.restore.ts';
import { databaseContents, emptyDatabase, folderContents, runScript } from './backup.test-support.ts';

const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);
/** Everything COPY's text format has to escape, and Lao. */
const AWKWARD = 'line one\nline two\ttab \\ backslash \\. \\N ລາວ 😀\r';

let t: TestApp;
let work: string;
let sourceUploads: string;
let backupFile: string;

async function uploadLogo(token: string, shopId: string, bytes: Buffer) {
  const form = new FormData();
  form.append('id', shopId);
  form.append('file', new Blob([new Uint8Array(bytes)], { type: 'image/png' }), 'logo.png');
  const encoded = new Response(form);
  const res = await t.app.inject({
    method: 'POST',
    url: '/parking-hub-api/v1/shop/logo',
    headers: { authorization: `Bearer ${token}`, 'content-type': encoded.headers.get('content-type') ?? '' },
    payload: Buffer.from(await encoded.arrayBuffer()),
  });
  expect(res.statusCode).toBe(200);
}

/** A small platform made through the API: shops, staff, bills in every state, audit rows, a logo. */
async function fill() {
  const api = billApi(t);
  const admin = await signedIn(t, 'SUPER-ADMIN');
  const created = await call<{ id: string }>(t.app, 'POST', 'shop/create', {
    token: admin.token,
    body: { name: 'ຮ້ານ ສຳຮອງ', priceMotorbike: 2000, priceCar: 5000 },
  });
  expect(created.statusCode).toBe(201);
  const { shop, staff, manager } = await shopWithStaff(t);
  await uploadLogo(manager.token, shop.id, PNG);
  await uploadLogo(manager.token, shop.id, Buffer.concat([PNG, Buffer.from('second logo')]));
  const ids: string[] = [];
  for (const [i, vehicleType] of ['MOTORBIKE', 'CAR', 'MOTORBIKE', 'CAR', 'MOTORBIKE'].entries()) {
    const bill = await api.checkIn(staff.token, {
      vehicleType,
      ...(i % 2 ? { plate: `ກຂ ${1000 + i}` } : {}),
    });
    expect(bill.statusCode).toBe(201);
    ids.push(bill.body.data?.id ?? '');
  }
  await api.post('bill/print', staff.token, { id: ids[0], paper: '58' });
  expect((await api.checkout(staff.token, { id: ids[0] })).statusCode).toBe(200);
  expect((await api.checkout(staff.token, { id: ids[1], paymentMethod: 'QR' })).statusCode).toBe(200);
  expect((await api.post('bill/lost', staff.token, { id: ids[2] })).statusCode).toBe(200);
  const cancel = { action: 'CANCEL', id: ids[3], reason: 'ລູກຄ້າປ່ຽນໃຈ' };
  expect((await api.post('bills/update', manager.token, cancel)).statusCode).toBe(200);
  await t.db.execute(sql`update shops set conditions = ${AWKWARD} where id = ${shop.id}`);
  // A job in flight: not backed up (decision 013), counted in the header.
  await t.db.transaction((tx) => t.app.jobs.send(tx, 'outbox-prune-turns', {}));
}

beforeAll(async () => {
  work = await mkdtemp(path.join(tmpdir(), 'ph-backup-'));
  sourceUploads = path.join(work, 'uploads-source');
  t = await createTestApp({ UPLOADS_DIR: sourceUploads });
  await fill();
}, 60_000);
afterAll(async () => {
  await t.close();
  await rm(work, { recursive: true, force: true });
});

/** The embedded cluster of a DATA_DIR, started for a look and stopped again. */
async function withEmbedded<T>(dataDir: string, look: (url: string) => Promise<T>): Promise<T> {
  const handle = await startEmbeddedPostgres({ dataDir });
  try {
    const url = new URL(handle.url);
    url.pathname = `/${EMBEDDED_DATABASE}`;
    return await look(url.toString());
  } finally {
    await handle.stop();
  }
}

describe('npm run backup, npm run restore', () => {
  it('backs up a running app into one file named with the time', async () => {
    const res = await runScript('backup.ts', [], {
      DATABASE_URL: t.url,
      UPLOADS_DIR: sourceUploads,
      BACKUP_DIR: path.join(work, 'backups'),
    });
    expect(res.stderr).toBe('');
    expect(res.code).toBe(0);
    const names = await readdir(path.join(work, 'backups'));
    expect(names).toEqual([expect.stringMatching(/^parking-hub-\d{4}-\d{2}-\d{2}T\d{6}Z\.phbackup$/)]);
    backupFile = path.join(work, 'backups', names[0] ?? '');
    expect(res.stdout).toContain(`backup written: ${backupFile}`);
    expect(res.stdout).toContain('1 uploaded files');
    expect(res.stdout).toMatch(/pg-boss jobs are not backed up \(in flight: .*outbox-prune-turns 1/);
  }, 60_000);

  it('brings a fresh DATA_DIR back to exactly that state; audit:verify and report:check pass', async () => {
    const dataDir = path.join(work, 'fresh-data');
    const env = { DATA_DIR: dataDir, DATABASE_URL: undefined, UPLOADS_DIR: undefined, BACKUP_DIR: undefined };
    const res = await runScript('restore.ts', [backupFile], env);
    expect(res.stderr).toBe('');
    expect(res.code).toBe(0);
    expect(res.stdout).toContain(`into the embedded database in ${dataDir}`);

    const verify = await runScript('audit-verify.ts', [], env);
    expect([verify.code, verify.stdout]).toEqual([0, expect.stringMatching(/^audit chain OK: \d+ events/)]);
    const check = await runScript('report-rollup.ts', ['check'], env);
    expect([check.code, check.stdout]).toEqual([0, expect.stringMatching(/^report rollup OK/)]);

    const expected = await databaseContents(t.url);
    expect(expected.bills).toHaveLength(5);
    expect(expected.report_daily?.length).toBeGreaterThan(0);
    expect(expected.shops?.some((row) => row.includes('ລາວ'))).toBe(true);
    await withEmbedded(dataDir, async (url) => {
      expect(await databaseContents(url)).toEqual(expected);
      // Later migrations and the job runner's schema are in place: the server can start on it.
      const client = new pg.Client({ connectionString: url });
      await client.connect();
      const { rows } = await client.query('select count(*)::int as n from pgboss.version');
      await client.end();
      expect(rows[0].n).toBe(1);
    });
    const restored = await folderContents(path.join(dataDir, 'uploads'));
    const original = await folderContents(sourceUploads);
    expect([...restored.keys()]).toEqual([...original.keys()]);
    expect(restored.size).toBe(1);
    for (const [name, bytes] of original) expect(restored.get(name)?.equals(bytes)).toBe(true);
  }, 120_000);

  it('refuses a non-empty target without --force, changing nothing; --force replaces it', async () => {
    const target = await emptyDatabase();
    const uploads = path.join(work, 'uploads-target');
    const env = { DATABASE_URL: target.url, UPLOADS_DIR: uploads };
    try {
      expect((await runScript('restore.ts', [backupFile], env)).code).toBe(0);
      const client = new pg.Client({ connectionString: target.url });
      await client.connect();
      await client.query(`update shops set name = 'changed since' where conditions is not null`);
      await client.end();
      await writeFile(path.join(uploads, 'logos', 'extra.png'), PNG);
      const before = await databaseContents(target.url);
      const filesBefore = await folderContents(uploads);

      const refused = await runScript('restore.ts', [backupFile], env);
      expect(refused.code).toBe(1);
      expect(refused.stderr).toMatch(
        /^restore failed: the target is not empty: its database has rows \(.*shops/,
      );
      expect(refused.stderr).toContain('uploads folder');
      expect(refused.stderr).toContain('Nothing was changed');
      expect(refused.stderr).toContain('--force');
      expect(await databaseContents(target.url)).toEqual(before);
      expect(await folderContents(uploads)).toEqual(filesBefore);

      const forced = await runScript('restore.ts', [backupFile, '--force'], env);
      expect([forced.code, forced.stderr]).toEqual([0, '']);
      expect(await databaseContents(target.url)).toEqual(await databaseContents(t.url));
      expect(await folderContents(uploads)).toEqual(await folderContents(sourceUploads));
      const restored = connectDatabase(target.url, 1);
      try {
        expect((await verifyAuditChain(restored.db)).ok).toBe(true);
        expect((await restored.pool.query('select * from report_check(null)')).rows).toEqual([]);
        expect((await restored.pool.query('select * from report_scope_check()')).rows).toEqual([]);
        expect((await restored.pool.query('select * from report_monthly_check()')).rows).toEqual([]);
        expect((await restored.pool.query('select * from plate_visits_check()')).rows).toEqual([]);
      } finally {
        await restored.close();
      }
    } finally {
      await target.drop();
    }
  }, 120_000);

  it('is consistent while check-ins keep coming: one snapshot of bills, rollup and audit chain', async () => {
    const { staff } = await shopWithStaff(t);
    const api = billApi(t);
    let running = true;
    let made = 0;
    const load = (async () => {
      while (running) if ((await api.checkIn(staff.token)).statusCode === 201) made++;
    })();
    const billCount = async () =>
      Number((await t.database.pool.query('select count(*) from bills')).rows[0].count);
    const target = await emptyDatabase();
    try {
      while (made < 5) await sleep(10);
      const before = await billCount();
      const madeBefore = made;
      const backup = await createBackup({
        pool: t.database.pool,
        uploadsDir: sourceUploads,
        dir: path.join(work, 'under-load'),
        embedded: false,
      });
      const madeDuring = made - madeBefore;
      running = false;
      await load;
      const after = await billCount();
      await restoreBackup({
        url: target.url,
        file: backup.file,
        uploadsDir: path.join(work, 'uploads-under-load'),
        force: false,
      });
      const restored = connectDatabase(target.url, 1);
      try {
        const bills = Number((await restored.pool.query('select count(*) from bills')).rows[0].count);
        expect(bills).toBe(backup.trailer.rows.bills);
        expect(bills).toBeGreaterThanOrEqual(before);
        expect(bills).toBeLessThanOrEqual(after);
        expect(madeDuring).toBeGreaterThan(0);
        expect((await verifyAuditChain(restored.db)).ok).toBe(true);
        expect((await restored.pool.query('select * from report_check(null)')).rows).toEqual([]);
        expect((await restored.pool.query('select * from report_scope_check()')).rows).toEqual([]);
        expect((await restored.pool.query('select * from report_monthly_check()')).rows).toEqual([]);
        expect((await restored.pool.query('select * from plate_visits_check()')).rows).toEqual([]);
      } finally {
        await restored.close();
      }
    } finally {
      running = false;
      await load;
      await target.drop();
    }
  }, 120_000);

  it('says what is wrong with a file that is not a backup, or one newer than the code', async () => {
    const env = { DATABASE_URL: 'postgres://nobody@127.0.0.1:1/none' };
    const missing = await runScript('restore.ts', [path.join(work, 'nope.phbackup')], env);
    expect([missing.code, missing.stderr]).toEqual([1, expect.stringContaining('no such backup file')]);
    const text = path.join(work, 'notes.txt');
    await writeFile(text, 'hello');
    const notOurs = await runScript('restore.ts', [text], env);
    expect([notOurs.code, notOurs.stderr]).toEqual([
      1,
      expect.stringContaining('is not a Parking Hub backup'),
    ]);
    const newer = path.join(work, 'newer.phbackup');
    const migrations = Array.from({ length: 99 }, (_, i) => ({ hash: 'x', createdAt: i, tag: `${i}_m` }));
    const header = {
      createdAt: new Date().toISOString(),
      source: { embedded: true, serverVersion: '18.4' },
      migrations,
      pgboss: { version: 24, jobsInFlight: {} },
      tables: [],
      sequences: [],
    };
    await writeFile(newer, gzipSync(`${MAGIC}\n${JSON.stringify(header)}\n`));
    const refused = await runScript('restore.ts', [newer], env);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain('this backup was made by a newer Parking Hub');
    expect(refused.stderr).toContain('(the last: 98_m)');
    const usage = await runScript('restore.ts', [], env);
    expect([usage.code, usage.stderr]).toEqual([
      2,
      expect.stringContaining('usage: npm run restore -- FILE'),
    ]);
  }, 60_000);
});
