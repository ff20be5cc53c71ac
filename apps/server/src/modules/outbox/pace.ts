import { sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';

/**
 * Reserve `count` consecutive sending slots of a channel, shared by every instance: the row holds
 * the earliest time the next message may go (a generic cell rate algorithm). Answers the first
 * slot (slot i is first + i / rate), or, when the last slot would fall after `notAfter` (too many
 * batches ahead), reserves nothing and answers when the channel frees: `{ wait }`. One statement,
 * so concurrent reservations never overlap.
 */
export async function reserveChannelSlots(
  db: Executor,
  channel: string,
  count: number,
  ratePerSecond: number,
  notAfter: Date,
): Promise<{ first: Date } | { wait: Date }> {
  const key = `channel:${channel}`;
  const span = sql`make_interval(secs => ${count / ratePerSecond})`;
  const { rows } = await db.execute<{ first: Date }>(sql`
    insert into outbox_pace (key, next_at) values (${key}, clock_timestamp() + ${span})
    on conflict (key) do update
      set next_at = greatest(outbox_pace.next_at, clock_timestamp()) + ${span}
      where greatest(outbox_pace.next_at, clock_timestamp()) + ${span} <= ${notAfter}
    returning next_at - ${span} as first`);
  const first = rows[0]?.first;
  if (first) return { first: new Date(first) };
  const busy = await db.execute<{ next_at: Date }>(sql`select next_at from outbox_pace where key = ${key}`);
  return { wait: new Date(busy.rows[0]?.next_at ?? Date.now()) };
}

export interface Turn {
  /** The number was free: its turn is taken now, the next one is `next`. */
  free: boolean;
  /** When the number is free again. */
  next: Date;
}

/**
 * Claim the next turn of each WhatsApp number of a batch, inside the claiming transaction. A number
 * that is free has its next turn booked `gapSeconds` ahead (one message of the batch may go to it);
 * a busy one answers when it frees. Rows are locked in key order, so two batches claiming the same
 * numbers wait for each other instead of deadlocking.
 */
export async function claimRecipientTurns(
  db: Executor,
  recipients: string[],
  gapSeconds: number,
): Promise<Map<string, Turn>> {
  const out = new Map<string, Turn>();
  if (recipients.length === 0 || gapSeconds <= 0) return out;
  const keys = [...new Set(recipients)].map((r) => `to:${r}`).sort();
  // The rows first (a first message to a number too must lock something), then the turns.
  await db.execute(sql`
    insert into outbox_pace (key, next_at) select k, '-infinity' from unnest(${sql.param(keys)}::text[]) as k
    on conflict (key) do nothing`);
  const { rows } = await db.execute<{ key: string; busy: boolean; next_at: Date; booked: Date }>(sql`
    select key, next_at > now() as busy, next_at, now() + make_interval(secs => ${gapSeconds}) as booked
    from outbox_pace where key = any(${sql.param(keys)}::text[]) order by key for update`);
  const free = rows.filter((r) => !r.busy).map((r) => r.key);
  if (free.length) {
    await db.execute(sql`
      update outbox_pace set next_at = now() + make_interval(secs => ${gapSeconds}) where key = any(${sql.param(free)}::text[])`);
  }
  for (const row of rows) {
    out.set(row.key.slice(3), { free: !row.busy, next: new Date(row.busy ? row.next_at : row.booked) });
  }
  return out;
}

/** Drop the turns of numbers nobody has written to for a day (a schedule keeps the table small). */
export async function pruneRecipientTurns(db: Executor): Promise<number> {
  const res = await db.execute(
    sql`delete from outbox_pace where key like 'to:%' and next_at < now() - interval '1 day'`,
  );
  return res.rowCount ?? 0;
}
