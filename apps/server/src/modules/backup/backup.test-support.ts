import { spawn } from 'node:child_process';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { inject } from 'vitest';
import { testDatabaseName } from '../../test/harness.ts';

/** Helpers shared by the backup test files (not a test file itself). */
const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../../..');

export interface ScriptResult {
  code: number | null;
  stdout: string;
  stderr: string;
}

/**
 * Run one of `apps/server/src/scripts/*.ts` as `npm run …` would. `env` is laid over this
 * process's environment; an undefined value removes the variable (e.g. DATABASE_URL, to use the
 * embedded database in DATA_DIR).
 */
export function runScript(
  script: string,
  args: string[],
  env: Record<string, string | undefined>,
): Promise<ScriptResult> {
  const merged: NodeJS.ProcessEnv = { ...process.env, LOG_LEVEL: 'silent' };
  for (const [key, value] of Object.entries(env)) {
    if (value === undefined) delete merged[key];
    else merged[key] = value;
  }
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', `apps/server/src/scripts/${script}`, ...args], {
      cwd: repoRoot,
      env: merged,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk) => {
      stdout += chunk;
    });
    child.stderr.on('data', (chunk) => {
      stderr += chunk;
    });
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}

/** Every table's rows (as PostgreSQL's text of the row, sorted) and every sequence's state. */
export async function databaseContents(url: string): Promise<Record<string, string[]>> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(`set timezone = 'UTC'; set datestyle = 'ISO, YMD'; set extra_float_digits = 3`);
    const contents: Record<string, string[]> = {};
    const tables = await client.query<{ name: string }>(
      `select relname as name from pg_class where relnamespace = 'public'::regnamespace and relkind = 'r'`,
    );
    for (const { name } of tables.rows) {
      const { rows } = await client.query<{ r: string }>(`select t::text as r from public.${name} t`);
      contents[name] = rows.map((row) => row.r).sort();
    }
    const sequences = await client.query<{ name: string }>(
      `select sequencename as name from pg_sequences where schemaname = 'public'`,
    );
    for (const { name } of sequences.rows) {
      const { rows } = await client.query(`select last_value::text, is_called from public.${name}`);
      contents[`sequence ${name}`] = [JSON.stringify(rows[0])];
    }
    return contents;
  } finally {
    await client.end();
  }
}

/** Every file under `dir`, by relative path, with its bytes. */
export async function folderContents(dir: string): Promise<Map<string, Buffer>> {
  const files = new Map<string, Buffer>();
  const entries = await readdir(dir, { recursive: true, withFileTypes: true }).catch(() => []);
  for (const entry of entries) {
    if (!entry.isFile()) continue;
    const full = path.join(entry.parentPath, entry.name);
    files.set(path.relative(dir, full), await readFile(full));
  }
  return files;
}

/** A new, empty database on the test server (its name is one the global teardown drops). */
export async function emptyDatabase(): Promise<{ url: string; drop(): Promise<void> }> {
  const serverUrl = inject('pgServerUrl');
  const name = testDatabaseName('restore_');
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const client = new pg.Client({ connectionString: serverUrl });
      await client.connect();
      await client.query(`drop database if exists ${name} with (force)`);
      await client.end();
    },
  };
}
