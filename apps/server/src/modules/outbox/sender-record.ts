import { type Db, preparedQuery } from '../../db/client.ts';
import { Coalescer } from './coalescer.ts';

// The provider took it: the message is sent whoever holds the row now, but only this attempt's
// claim (its `sending_since`) is lifted.
const RECORD_SENT = `
  with v as (select * from unnest($1::uuid[], $2::text[], $3::timestamptz[]) as v(id, pid, since)),
  u as (
    update outbox_messages m set
      status = case when m.status in ('QUEUED', 'NOT_CONFIGURED', 'CANCELLED') then 'SENT' else m.status end,
      provider_message_id = coalesce(m.provider_message_id, v.pid),
      sent_at = coalesce(m.sent_at, now()),
      sending_since = case when m.sending_since = v.since then null else m.sending_since end,
      next_attempt_at = null,
      last_error = null,
      secret = null,
      updated_at = now()
    from v where m.id = v.id
    returning m.id, m.status, v.pid)
  insert into outbox_events (message_id, kind, status, detail) select id, 'SENT', status, pid from u`;

/**
 * The messages the providers took, written to the database together: one statement every few
 * milliseconds (at 500 messages a second, one write per provider answer would cost more than the
 * sending). `sent()` resolves once its row says SENT; a crash before that leaves the row
 * `sending_since`, which the next attempt checks (decision 011).
 */
export class SentRecorder {
  private readonly coalescer: Coalescer<{ id: string; providerId: string | null; since: Date | null }>;

  constructor(db: Db) {
    this.coalescer = new Coalescer((items) => {
      // In id order: two instances writing overlapping rows lock them in the same order.
      const batch = [...items].sort((a, b) => (a.id < b.id ? -1 : 1));
      return preparedQuery(db, 'outbox_sent', RECORD_SENT, [
        batch.map((p) => p.id),
        batch.map((p) => p.providerId),
        batch.map((p) => p.since),
      ]);
    });
  }

  sent(row: { id: string; sendingSince: Date | null }, providerId: string | null): Promise<void> {
    return this.coalescer.add([{ id: row.id, providerId, since: row.sendingSince }]);
  }
}
