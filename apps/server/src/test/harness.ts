import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Role } from '@parking-hub/contracts/roles';
import { asc, eq } from 'drizzle-orm';
import pg from 'pg';
import { expect, inject } from 'vitest';
import { buildApp } from '../app.ts';
import { type Config, loadConfig } from '../config.ts';
import { connectDatabase, type Database, type Db } from '../db/client.ts';
import { auditEvents } from '../db/schema/audit.ts';
import { shops } from '../db/schema/shops.ts';
import { users } from '../db/schema/users.ts';
import { hashPassword } from '../modules/auth/password.ts';
import type { ZodApp } from '../plugins/types.ts';

export const TEST_PASSWORD = 'test-password-1';
let testHash: Promise<string> | undefined;

function withDatabase(url: string, name: string) {
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
}

export interface TestApp {
  app: ZodApp;
  db: Db;
  database: Database;
  config: Config;
  url: string;
  close(): Promise<void>;
}

/**
 * A name for a database of this test run: the template's name and a random tail, so the run's
 * teardown drops its own databases and never those of another run on the same server.
 */
export function testDatabaseName(kind = ''): string {
  return `${inject('templateDb')}_${kind}${randomBytes(6).toString('hex')}`;
}

/** A fresh database cloned from the migrated template, and the app built on it. */
export async function createTestApp(env: Record<string, string> = {}): Promise<TestApp> {
  const serverUrl = inject('pgServerUrl');
  const name = testDatabaseName();
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`create database ${name} template ${inject('templateDb')}`);
  await admin.end();
  const url = withDatabase(serverUrl, name);
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    WEB_DIST: '/nonexistent',
    LOGIN_RATE_PER_MINUTE: '100000',
    PUBLIC_RATE_PER_MINUTE: '100000',
    // Jobs are queued but not run, unless a test asks for workers (outbox tests do).
    JOBS_WORKERS: 'false',
    RESET_MIN_RESPONSE_MS: '0',
    RESET_RATE_PER_MINUTE: '100000',
    RESET_CODES_PER_IP_HOUR: '100000',
    ...env,
  });
  // Uploads go to a folder of this test app's own, never into the repository's data folder.
  const uploadsDir = env.UPLOADS_DIR ? null : await mkdtemp(path.join(tmpdir(), 'ph-test-uploads-'));
  if (uploadsDir) config.uploadsDir = uploadsDir;
  const database = connectDatabase(url, 5);
  const app = await buildApp({ config, database, logger: false });
  await app.ready();
  return {
    app,
    db: database.db,
    database,
    config,
    url,
    async close() {
      await app.close();
      await database.close();
      const drop = new pg.Client({ connectionString: serverUrl });
      await drop.connect();
      await drop.query(`drop database if exists ${name} with (force)`);
      await drop.end();
      if (uploadsDir) await rm(uploadsDir, { recursive: true, force: true });
    },
  };
}

/**
 * Another server instance on the database of `t` (as a second process behind a load balancer
 * would be): its own pool, its own job runner. Closing it leaves the database to `t`.
 */
export async function anotherInstance(t: TestApp, env: Record<string, string> = {}): Promise<TestApp> {
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    WEB_DIST: '/nonexistent',
    JOBS_WORKERS: 'false',
    ...env,
  });
  config.uploadsDir = t.config.uploadsDir;
  const database = connectDatabase(t.url, 5);
  const app = await buildApp({ config, database, logger: false });
  await app.ready();
  return {
    app,
    db: database.db,
    database,
    config,
    url: t.url,
    async close() {
      await app.close();
      await database.close();
    },
  };
}

let counter = 0;
export const unique = (prefix: string) => `${prefix}${Date.now().toString(36)}${(counter++).toString(36)}`;

export async function insertShop(
  db: Db,
  values: Partial<typeof shops.$inferInsert> = {},
): Promise<typeof shops.$inferSelect> {
  const [row] = await db
    .insert(shops)
    .values({ name: unique('Shop '), ...values })
    .returning();
  if (!row) throw new Error('shop insert failed');
  return row;
}

export interface TestUser {
  id: string;
  username: string;
  role: Role;
  shopId: string | null;
}

/** A user straight in the database (all share TEST_PASSWORD; its hash is made once). */
export async function insertUser(
  db: Db,
  role: Role,
  values: Partial<typeof users.$inferInsert> = {},
): Promise<TestUser> {
  testHash ??= hashPassword(TEST_PASSWORD);
  const username = values.username ?? unique(role.toLowerCase().replace('-', ''));
  const [row] = await db
    .insert(users)
    .values({ username, fullName: `Test ${username}`, role, passwordHash: await testHash, ...values })
    .returning();
  if (!row) throw new Error('user insert failed');
  return { id: row.id, username: row.username, role, shopId: row.shopId };
}

export interface Reply<T = unknown> {
  statusCode: number;
  body: {
    status: string;
    message?: string;
    messages?: Record<string, string>;
    data?: T;
    meta?: Record<string, number>;
  };
  headers: Record<string, unknown>;
}

/** Call the API through app.inject and parse the envelope. */
export async function call<T = unknown>(
  app: ZodApp,
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE',
  path: string,
  options: { token?: string; body?: unknown; headers?: Record<string, string>; ip?: string } = {},
): Promise<Reply<T>> {
  const res = await app.inject({
    method,
    url: path.startsWith('/') ? path : `/parking-hub-api/v1/${path}`,
    headers: {
      ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
      ...options.headers,
    },
    ...(options.ip ? { remoteAddress: options.ip } : {}),
    ...(options.body !== undefined ? { payload: options.body as object } : {}),
  });
  return { statusCode: res.statusCode, body: res.json(), headers: res.headers };
}

export async function loginAs(app: ZodApp, username: string, password = TEST_PASSWORD, ip?: string) {
  const res = await call<{ token: string; user: { sessionId: string } }>(app, 'POST', 'login', {
    body: { username, password },
    ...(ip ? { ip } : {}),
  });
  if (res.statusCode !== 200 || !res.body.data) throw new Error(`login failed: ${JSON.stringify(res.body)}`);
  return res.body.data;
}

/** A user of the role, signed in: its token and ids. */
export async function signedIn(t: TestApp, role: Role, values: Partial<typeof users.$inferInsert> = {}) {
  const user = await insertUser(t.db, role, values);
  const { token, user: session } = await loginAs(t.app, user.username);
  return { ...user, token, sessionId: session.sessionId };
}

/** The audit events about one entity (a user id, a session id), oldest first. */
export function auditEventsOf(db: Db, entityId: string) {
  return db.select().from(auditEvents).where(eq(auditEvents.entityId, entityId)).orderBy(asc(auditEvents.id));
}

/** Run SQL as the server's superuser on the test database (e.g. to get past the audit trigger). */
export async function asSuperuser(t: TestApp, text: string, values: unknown[] = []) {
  const client = new pg.Client({ connectionString: t.url });
  await client.connect();
  try {
    return await client.query(text, values);
  } finally {
    await client.end();
  }
}

/** A 4xx envelope: its status and either its message or exactly these per-field messages. */
export function expectError(res: Reply, status: number, expected: string | Record<string, string>) {
  expect([
    res.statusCode,
    res.body.status,
    typeof expected === 'string' ? res.body.message : res.body.messages,
  ]).toEqual([status, 'error', expected]);
}
