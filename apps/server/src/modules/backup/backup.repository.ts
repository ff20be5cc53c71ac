import pg from 'pg';

/**
 * The catalog queries of backup and restore (decision 013). They run on one node-postgres
 * connection: a backup's snapshot and a restore's load are each one transaction, and COPY
 * needs the connection itself.
 */
type Client = pg.ClientBase;

/** `"public"."<table>"`: every app table lives in the public schema. */
export const qualified = (name: string) => `public.${pg.escapeIdentifier(name)}`;

/** Values written and read the same way whatever the server's or the role's defaults. */
export async function useStableFormats(client: Client): Promise<void> {
  await client.query(`set local timezone = 'UTC'; set local datestyle = 'ISO, YMD';
    set local intervalstyle = 'postgres'; set local extra_float_digits = 3; set local search_path = public`);
}

export async function appliedMigrations(client: Client): Promise<Array<{ hash: string; createdAt: number }>> {
  const found = await client.query(`select to_regclass('drizzle.__drizzle_migrations') is not null as ok`);
  if (!found.rows[0]?.ok) return [];
  const { rows } = await client.query<{ hash: string; created_at: string }>(
    'select hash, created_at::text from drizzle.__drizzle_migrations order by created_at',
  );
  return rows.map((r) => ({ hash: r.hash, createdAt: Number(r.created_at) }));
}

/** pg-boss's schema version and its unfinished jobs per queue (none of them go into a backup). */
export async function pgbossState(client: Client) {
  const found = await client.query<{ version: boolean; job: boolean }>(
    `select to_regclass('pgboss.version') is not null as version, to_regclass('pgboss.job') is not null as job`,
  );
  const state = { version: null as number | null, jobsInFlight: {} as Record<string, number> };
  if (found.rows[0]?.version) {
    const { rows } = await client.query<{ version: number }>('select version from pgboss.version limit 1');
    state.version = rows[0]?.version ?? null;
  }
  if (found.rows[0]?.job) {
    const { rows } = await client.query<{ name: string; n: number }>(
      `select name, count(*)::int as n from pgboss.job where state in ('created', 'retry', 'active')
       group by name order by name`,
    );
    for (const r of rows) state.jobsInFlight[r.name] = r.n;
  }
  return state;
}

export async function serverVersion(client: Client): Promise<string> {
  const { rows } = await client.query<{ server_version: string }>('show server_version');
  return rows[0]?.server_version ?? 'unknown';
}

/** The app's tables: every plain table of the public schema, by name. */
export async function appTables(client: Client): Promise<string[]> {
  const { rows } = await client.query<{ name: string }>(
    `select relname as name from pg_class
     where relnamespace = to_regnamespace('public') and relkind = 'r' order by relname`,
  );
  return rows.map((r) => r.name);
}

/** The columns COPY reads and writes (generated columns are computed, never copied). */
export async function copyColumns(client: Client, table: string): Promise<string[]> {
  const { rows } = await client.query<{ name: string }>(
    `select attname as name from pg_attribute
     where attrelid = $1::regclass and attnum > 0 and not attisdropped and attgenerated = ''
     order by attnum`,
    [qualified(table)],
  );
  return rows.map((r) => r.name);
}

export async function sequenceValues(client: Client) {
  const { rows } = await client.query<{ name: string }>(
    `select sequencename as name from pg_sequences where schemaname = 'public' order by sequencename`,
  );
  const values: Array<{ name: string; lastValue: string; isCalled: boolean }> = [];
  for (const { name } of rows) {
    const seq = await client.query<{ last_value: string; is_called: boolean }>(
      `select last_value::text, is_called from ${qualified(name)}`,
    );
    const row = seq.rows[0];
    if (row) values.push({ name, lastValue: row.last_value, isCalled: row.is_called });
  }
  return values;
}

export async function setSequence(client: Client, name: string, value: string, isCalled: boolean) {
  await client.query('select setval($1::regclass, $2::bigint, $3)', [qualified(name), value, isCalled]);
}

/** The tables that hold at least one row. */
export async function tablesWithRows(client: Client): Promise<string[]> {
  const filled: string[] = [];
  for (const table of await appTables(client)) {
    const { rows } = await client.query(`select 1 from ${qualified(table)} limit 1`);
    if (rows.length) filled.push(table);
  }
  return filled;
}

/** Other client sessions on this database (a Parking Hub that still runs on it). */
export async function otherSessions(client: Client): Promise<number> {
  const { rows } = await client.query<{ n: number }>(
    `select count(*)::int as n from pg_stat_activity
     where datname = current_database() and pid <> pg_backend_pid() and backend_type = 'client backend'`,
  );
  return rows[0]?.n ?? 0;
}

/** Drop what a restore rebuilds: the app's schema, the migration journal and pg-boss's schema. */
export async function dropAppSchemas(client: Client): Promise<void> {
  await client.query(`set client_min_messages = warning;
    drop schema if exists pgboss cascade; drop schema if exists drizzle cascade;
    drop schema if exists public cascade; create schema public; grant usage on schema public to public`);
  // PostgreSQL 15's default owner of `public`; a role that cannot hand it over keeps it.
  await client.query('alter schema public owner to pg_database_owner').catch(() => {});
}

export interface Constraint {
  table: string;
  name: string;
  definition: string;
}

export async function foreignKeys(client: Client): Promise<Constraint[]> {
  const { rows } = await client.query<Constraint>(
    `select c.relname as table, k.conname as name, pg_get_constraintdef(k.oid) as definition
     from pg_constraint k join pg_class c on c.oid = k.conrelid
     where k.contype = 'f' and k.connamespace = to_regnamespace('public') order by c.relname, k.conname`,
  );
  return rows;
}

/** Indexes that back no constraint: dropped for the load and built once after it. */
export async function plainIndexes(client: Client): Promise<Array<{ name: string; definition: string }>> {
  const { rows } = await client.query<{ name: string; definition: string }>(
    `select i.relname as name, pg_get_indexdef(x.indexrelid) as definition
     from pg_index x join pg_class i on i.oid = x.indexrelid join pg_class t on t.oid = x.indrelid
     where t.relnamespace = to_regnamespace('public') and t.relkind = 'r'
       and not exists (select 1 from pg_constraint k where k.conindid = x.indexrelid and k.contype in ('p', 'u', 'x'))
     order by i.relname`,
  );
  return rows;
}

export async function setUserTriggers(client: Client, tables: string[], enabled: boolean): Promise<void> {
  for (const table of tables) {
    await client.query(`alter table ${qualified(table)} ${enabled ? 'enable' : 'disable'} trigger user`);
  }
}
