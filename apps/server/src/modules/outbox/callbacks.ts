import { sql } from 'drizzle-orm';
import { type Db, preparedQuery } from '../../db/client.ts';
import { Coalescer } from './coalescer.ts';

export interface StatusCallback {
  providerId: string;
  status: 'sent' | 'delivered' | 'read' | 'failed';
  at: Date;
  /** Our outbox id, echoed from biz_opaque_callback_data. */
  clientRef: string | null;
  error: string | null;
}

const TARGET = { sent: 'SENT', delivered: 'DELIVERED', read: 'READ', failed: 'FAILED' } as const;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Statuses only move up: QUEUED (or waiting, or cancelled) < SENT < FAILED < DELIVERED < READ. */
const RANK = (s: string) =>
  `(case ${s} when 'SENT' then 1 when 'FAILED' then 1.5 when 'DELIVERED' then 2 when 'READ' then 3 else 0 end)`;
const FAILING = `(t.kind = 'failed' and m.failed_at is null and ${RANK('m.status')} < 1.5)`;
const FORWARD = `(${RANK('t.target')} > ${RANK('m.status')} and (t.kind <> 'failed' or ${FAILING}))`;
const DELIVERY = `t.kind in ('sent', 'delivered', 'read')`;
const APPLY_STATUSES = `
  with v as (
    select * from unnest($1::text[], $2::text[], $3::timestamptz[], $4::uuid[], $5::text[], $6::text[], $7::text[],
      $8::bigint[]) as v(wamid, kind, at, ref, err, target, detail, attempt)),
  t as (
    select v.*, coalesce(
        (select id from outbox_messages where provider_message_id = v.wamid),
        -- An attempt whose answer was never recorded: only while it is still that attempt.
        (select id from outbox_messages where id = v.ref and channel = 'WHATSAPP' and provider_message_id is null
           and (extract(epoch from sending_since) * 1000)::bigint = v.attempt)) as mid
    from v),
  upd as (
    update outbox_messages m set
      provider_message_id = coalesce(m.provider_message_id, t.wamid),
      sent_at = case when ${DELIVERY} then coalesce(m.sent_at, t.at) else m.sent_at end,
      delivered_at = case when t.kind = 'delivered' then coalesce(m.delivered_at, t.at) else m.delivered_at end,
      read_at = case when t.kind = 'read' then coalesce(m.read_at, t.at) else m.read_at end,
      failed_at = case when ${FAILING} then t.at else m.failed_at end,
      last_error = case when ${FAILING} then t.err when ${FORWARD} then null else m.last_error end,
      status = case when ${FORWARD} then t.target else m.status end,
      sending_since = case when ${FORWARD} then null else m.sending_since end,
      next_attempt_at = case when ${FORWARD} then null else m.next_attempt_at end,
      secret = case when ${FORWARD} then null else m.secret end,
      updated_at = now()
    from t
    where m.id = t.mid
      and (m.provider_message_id is null
        or (${DELIVERY} and m.sent_at is null)
        or (t.kind = 'delivered' and m.delivered_at is null)
        or (t.kind = 'read' and m.read_at is null)
        or ${FAILING}
        or ${FORWARD})
    returning m.id, m.status, t.detail)
  insert into outbox_events (message_id, kind, status, detail)
  select id, 'CALLBACK', status, detail from upd
  returning message_id`;

/** Our id and the attempt's token out of `biz_opaque_callback_data` ('<uuid>:<ms>'); null when not ours. */
export function parseClientRef(ref: string | null): { id: string; attempt: number } | null {
  const m = ref ? /^([0-9a-f-]{36}):(\d{1,16})$/i.exec(ref) : null;
  return m?.[1] && m[2] && UUID.test(m[1]) ? { id: m[1], attempt: Number(m[2]) } : null;
}

/**
 * One message at most once per statement (an UPDATE meets each row once): a report naming a
 * message already in the round, by its provider id or by our id, goes in the next round.
 */
function rounds(callbacks: StatusCallback[]): StatusCallback[][] {
  const out: Array<{ items: StatusCallback[]; keys: Set<string> }> = [];
  for (const cb of callbacks) {
    const keys = [cb.providerId, parseClientRef(cb.clientRef)?.id].filter((k): k is string => Boolean(k));
    let round = out.find((r) => keys.every((k) => !r.keys.has(k)));
    if (!round) {
      round = { items: [], keys: new Set() };
      out.push(round);
    }
    round.items.push(cb);
    for (const k of keys) round.keys.add(k);
  }
  return out.map((r) => r.items);
}

/**
 * Providers' status callbacks applied to their messages. They come out of order and more than
 * once: a status only moves forward, each time stamp is kept from its first report, a report that
 * the message arrived also settles an attempt cut off mid-send (and spends its secret), and a
 * callback that changes nothing writes nothing. A message is found by the provider's id, else (an
 * attempt cut off before its answer was recorded) by our id echoed back. Callbacks arrive at twice
 * the sending rate, so those of concurrent webhooks are written together: one transaction every
 * few milliseconds instead of one per callback (each webhook is answered once its own are in).
 */
export class StatusRecorder {
  private readonly coalescer: Coalescer<StatusCallback>;

  constructor(db: Db) {
    this.coalescer = new Coalescer((batch) =>
      db.transaction(async (tx) => {
        for (const round of rounds(batch)) {
          await preparedQuery(tx, 'outbox_callbacks', APPLY_STATUSES, [
            round.map((c) => c.providerId),
            round.map((c) => c.status),
            round.map((c) => c.at),
            round.map((c) => parseClientRef(c.clientRef)?.id ?? null),
            round.map((c) => c.error ?? 'the provider reported a failure'),
            round.map((c) => TARGET[c.status]),
            round.map((c) => `${c.status} ${c.at.toISOString()}${c.error ? `: ${c.error}` : ''}`),
            round.map((c) => parseClientRef(c.clientRef)?.attempt ?? null),
          ]);
        }
      }),
    );
  }

  apply(callbacks: StatusCallback[]): Promise<void> {
    return this.coalescer.add(callbacks);
  }
}

/** A number wrote to us: free text to it is allowed for the next 24 hours. */
export async function recordInbound(db: Db, waId: string, at: Date): Promise<void> {
  await db.execute(sql`
    insert into whatsapp_contacts (wa_id, last_inbound_at) values (${waId}, ${at})
    on conflict (wa_id) do update set last_inbound_at = greatest(whatsapp_contacts.last_inbound_at, excluded.last_inbound_at)`);
}
