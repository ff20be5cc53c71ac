import type { Channel } from '@parking-hub/contracts/messaging';
import { sql } from 'drizzle-orm';
import { OUTBOX_QUEUES, type Outbox } from './outbox.ts';

/**
 * The outbox's safety net, every few minutes (jobs/schedules.ts): a message that expired while it
 * waited is closed and its secret wiped; a QUEUED message with no job left (every retry of its
 * job used up, say) gets a new one; messages that waited for settings go once they exist. A
 * duplicate job is harmless: the claim skips what is not due.
 */
export async function sweepOutbox(
  outbox: Outbox,
): Promise<{ expired: number; rescued: number; released: number }> {
  const { db, jobs } = outbox.deps;
  const expired = await db.execute<{ id: string }>(sql`
    with e as (
      update outbox_messages set status = 'FAILED', failed_at = now(), secret = null, next_attempt_at = null,
        last_error = 'expired before it could be sent', updated_at = now()
      where expires_at < now() and status in ('QUEUED', 'NOT_CONFIGURED') and sending_since is null
      returning id)
    insert into outbox_events (message_id, kind, status, detail)
    select id, 'EXPIRED', 'FAILED', 'expired before it could be sent' from e
    returning message_id as id`);
  // Idle for a quarter of an hour past its due time: its job is gone.
  const { rows: stuck } = await db.execute<{ id: string; channel: Channel }>(sql`
    select id, channel from outbox_messages
    where status = 'QUEUED'
      and updated_at < now() - interval '15 minutes'
      and coalesce(next_attempt_at, sending_since, updated_at) < now() - interval '15 minutes'
    order by created_at limit 1000`);
  if (stuck.length) {
    await db.transaction(async (tx) => {
      for (const [channel, queue] of Object.entries(OUTBOX_QUEUES)) {
        const mine = stuck.filter((r) => r.channel === channel).map((r) => ({ data: { messageId: r.id } }));
        await jobs.sendMany(tx, queue, mine);
      }
      await tx.execute(
        sql`update outbox_messages set updated_at = now() where id = any(${sql.param(stuck.map((r) => r.id))}::uuid[])`,
      );
    });
  }
  const released = await outbox.releaseNotConfigured();
  if (stuck.length) outbox.nudge();
  return { expired: expired.rows.length, rescued: stuck.length, released };
}
