import { inArray, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { loginThrottle } from '../../db/schema/sessions.ts';

/** Milliseconds until the longest lock among these keys ends; 0 when none is locked. */
export async function lockedFor(db: Executor, keys: string[]): Promise<number> {
  const [row] = await db
    .select({
      ms: sql<number>`coalesce(max(extract(epoch from (${loginThrottle.lockedUntil} - now())) * 1000), 0)::float8`,
    })
    .from(loginThrottle)
    .where(sql`${inArray(loginThrottle.key, keys)} and ${loginThrottle.lockedUntil} > now()`);
  return Math.max(0, Math.ceil(row?.ms ?? 0));
}

/**
 * Count one failure for a key inside a window of `windowMs`; at `max` failures the key is
 * locked for `lockMs`. One statement, so concurrent failures all count.
 */
export async function recordFailure(
  db: Executor,
  key: string,
  max: number,
  windowMs: number,
  lockMs: number,
): Promise<void> {
  const window = sql`make_interval(secs => ${windowMs / 1000})`;
  const lock = sql`make_interval(secs => ${lockMs / 1000})`;
  const expired = sql`login_throttle.window_start < now() - ${window}`;
  const next = sql`(case when ${expired} then 1 else login_throttle.failures + 1 end)`;
  await db.execute(sql`
    insert into login_throttle (key, failures, window_start, locked_until)
    values (${key}, 1, now(), case when 1 >= ${max} then now() + ${lock} end)
    on conflict (key) do update set
      failures = ${next},
      window_start = case when ${expired} then now() else login_throttle.window_start end,
      locked_until = case when ${next} >= ${max} then now() + ${lock} else login_throttle.locked_until end`);
}

export async function clearFailures(db: Executor, keys: string[]): Promise<void> {
  await db.delete(loginThrottle).where(inArray(loginThrottle.key, keys));
}
