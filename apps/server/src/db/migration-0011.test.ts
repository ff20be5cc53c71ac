import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { drizzle } from 'drizzle-orm/node-postgres';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { afterAll, beforeAll, expect, inject, it } from 'vitest';
import { plateKey } from '../modules/bills/bills.mapping.ts';
import { testDatabaseName } from '../test/harness.ts';

/**
 * Migration 0011 (members, issue 14) on members written before it: a database migrated to 0010
 * with members as they could be then (two live members on one number, a plate with Lao marks, an
 * end instant), then migrated to the end.
 */
const migrations = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');
const name = testDatabaseName('mig');
const serverUrl = inject('pgServerUrl');
const urlOf = (db: string) => {
  const u = new URL(serverUrl);
  u.pathname = `/${db}`;
  return u.toString();
};
let pool: pg.Pool;
let upTo10: string;

beforeAll(async () => {
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  // The migrations up to 0010: the same files, a journal that stops there.
  upTo10 = fs.mkdtempSync(path.join(os.tmpdir(), 'ph-mig-'));
  fs.cpSync(migrations, upTo10, { recursive: true });
  const journalPath = path.join(upTo10, 'meta', '_journal.json');
  const journal = JSON.parse(fs.readFileSync(journalPath, 'utf8')) as { entries: { idx: number }[] };
  journal.entries = journal.entries.filter((e) => e.idx <= 10);
  fs.writeFileSync(journalPath, JSON.stringify(journal));
  pool = new pg.Pool({ connectionString: urlOf(name), max: 2 });
});

afterAll(async () => {
  await pool?.end();
  fs.rmSync(upTo10, { recursive: true, force: true });
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`drop database if exists ${name}`);
  await admin.end();
});

it('moves old members into the card pool, one holder a card, plates keyed as the gate keys them', async () => {
  await migrate(drizzle({ client: pool }), { migrationsFolder: upTo10 });
  await pool.query(`insert into shops (name) values ('old shop')`);
  const member = (
    number: string,
    fullName: string,
    plate: string,
    from: string,
    until: string,
    status = 'ACTIVE',
  ) =>
    pool.query(
      `insert into members (shop_id, number, full_name, plate, valid_from, valid_until, status)
       select id, $1, $2, $3, $4::timestamptz, $5::timestamptz, $6 from shops`,
      [number, fullName, plate, from, until, status],
    );
  await member('M-1', 'old', 'ກຂ 1234', '2020-09-01T00:00:00+07', '2020-10-01T00:00:00+07');
  await member('M-1', 'new', 'ກິ່ 12', '2026-11-01T00:00:00+07', '2099-12-01T00:00:00+07');
  await member('M-1', 'gone', 'AB-1', '2020-08-01T00:00:00+07', '2020-09-01T00:00:00+07', 'CANCELLED');
  await member('M-2', 'short', 'X 2', '2020-11-20T10:00:00+07', '2020-11-20T10:00:00+07');

  await migrate(drizzle({ client: pool }), { migrationsFolder: migrations });

  const { rows } = await pool.query<{
    full_name: string;
    card: string | null;
    status: string;
    plates: string[];
    plate_keys: string[];
    valid_from: string;
    valid_until: string;
  }>(`select m.full_name, n.number as card, m.status, m.plates, m.plate_keys, m.valid_from::text,
            m.valid_until::text
      from members m left join member_numbers n on n.id = m.number_id order by m.full_name`);
  expect(rows).toEqual([
    {
      full_name: 'gone',
      card: 'M-1',
      status: 'CANCELLED',
      plates: ['AB-1'],
      plate_keys: [plateKey('AB-1')],
      valid_from: '2020-08-01',
      valid_until: '2020-08-31',
    },
    {
      full_name: 'new',
      card: 'M-1',
      status: 'ACTIVE',
      plates: ['ກິ່ 12'],
      plate_keys: [plateKey('ກິ່ 12')],
      valid_from: '2026-11-01',
      valid_until: '2099-11-30',
    },
    {
      // A second live member on the card keeps its number's text, but the card has one holder.
      full_name: 'old',
      card: null,
      status: 'EXPIRED',
      plates: ['ກຂ 1234'],
      plate_keys: [plateKey('ກຂ 1234')],
      valid_from: '2020-09-01',
      valid_until: '2020-09-30',
    },
    {
      full_name: 'short',
      card: 'M-2',
      status: 'EXPIRED',
      plates: ['X 2'],
      plate_keys: ['X2'],
      valid_from: '2020-11-20',
      valid_until: '2020-11-20',
    },
  ]);
  const cards = await pool.query(
    `select n.number, n.status, m.full_name as holder from member_numbers n
     left join members m on m.id = n.member_id order by n.number`,
  );
  expect(cards.rows).toEqual([
    { number: 'M-1', status: 'ASSIGNED', holder: 'new' },
    { number: 'M-2', status: 'ASSIGNED', holder: 'short' },
  ]);
});
