import { eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { appSettings } from '../../db/schema/messaging.ts';

export async function readSetting<T>(db: Executor, key: string): Promise<T | undefined> {
  const [row] = await db
    .select({ value: appSettings.value })
    .from(appSettings)
    .where(eq(appSettings.key, key));
  return row?.value as T | undefined;
}

export async function writeSetting(db: Executor, key: string, value: unknown): Promise<void> {
  await db
    .insert(appSettings)
    .values({ key, value })
    .onConflictDoUpdate({ target: appSettings.key, set: { value, updatedAt: sql`now()` } });
}

/** A setting made once and then kept (the first writer wins, also when two instances race). */
export async function settingOrCreate<T>(db: Executor, key: string, make: () => T): Promise<T> {
  await db.insert(appSettings).values({ key, value: make() }).onConflictDoNothing();
  const value = await readSetting<T>(db, key);
  if (value === undefined) throw new Error(`setting ${key} vanished`);
  return value;
}
