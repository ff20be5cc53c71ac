import type { Channel } from '@parking-hub/contracts/messaging';
import { inArray, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { outboxMessages } from '../../db/schema/messaging.ts';
import type { NewEvent } from './outbox.repository.ts';
import { insertEventRows, lockMessages, type MessageRow, updateMessage } from './outbox.repository.ts';
import { OUTBOX_QUEUES, type Outbox } from './outbox.ts';
import { claimRecipientTurns } from './pace.ts';

type Event = NewEvent & { messageId: string };

/**
 * Claim a batch of messages for sending, in one transaction and a handful of statements whatever
 * the batch's size: what is no longer queued is skipped, what expired or lost its settings is
 * closed, what waits (an attempt cut off mid-send, a number's turn, its own schedule) gets a job
 * for later, and the rest is marked `sending_since` with one more attempt. That time (to the
 * millisecond) is the attempt's token: the provider gets it with the message, and only the holder
 * of the current token may record an outcome or release the row.
 */
export async function claimBatch(tx: Executor, outbox: Outbox, ids: string[]): Promise<MessageRow[]> {
  const { config, jobs } = outbox.deps;
  const now = Date.now();
  const since = new Date(now);
  const events: Event[] = [];
  const later: Array<{ row: MessageRow; at: Date; event: NewEvent | null }> = [];
  const candidates: MessageRow[] = [];
  for (const row of await lockMessages(tx, ids)) {
    if (row.status !== 'QUEUED') continue;
    const channel = row.channel as Channel;
    if (row.expiresAt && row.expiresAt.getTime() <= now) {
      await failRow(tx, row, 'expired before it could be sent');
      events.push({
        messageId: row.id,
        kind: 'EXPIRED',
        status: 'FAILED',
        detail: 'expired before it could be sent',
      });
    } else if (!outbox.configured(channel)) {
      await updateMessage(tx, row.id, { status: 'NOT_CONFIGURED', sendingSince: null });
      const missing = outbox.missingSettings(channel).join(', ');
      events.push({ messageId: row.id, kind: 'NOT_CONFIGURED', status: 'NOT_CONFIGURED', detail: missing });
    } else if (row.sendingSince) {
      const settleAt = row.sendingSince.getTime() + config.outbox.inDoubtSeconds * 1000;
      if (settleAt > now) {
        later.push({
          row,
          at: new Date(settleAt),
          event: {
            kind: 'IN_DOUBT',
            detail: 'an attempt was cut off: waiting for the provider to report it before sending again',
          },
        });
      } else {
        const detail = `no provider report within ${config.outbox.inDoubtSeconds} s of the cut-off attempt: sending again`;
        events.push({ messageId: row.id, kind: 'IN_DOUBT', detail });
        candidates.push(row);
      }
    } else if (row.nextAttemptAt && row.nextAttemptAt.getTime() > now + 1000) {
      // A job older than the row's own schedule (e.g. after an admin's retry): the row decides.
      later.push({ row, at: row.nextAttemptAt, event: null });
    } else {
      candidates.push(row);
    }
  }

  const turns = await claimRecipientTurns(
    tx,
    candidates.filter((r) => r.channel === 'WHATSAPP').map((r) => r.recipient),
    config.whatsapp.recipientGapSeconds,
  );
  const claimed: MessageRow[] = [];
  const taken = new Set<string>();
  for (const row of candidates) {
    const turn = row.channel === 'WHATSAPP' ? turns.get(row.recipient) : undefined;
    // A number's free turn goes to the first of its messages in the batch; the others wait.
    if (turn && (!turn.free || taken.has(row.recipient))) {
      later.push({
        row,
        at: turn.next,
        event: { kind: 'DEFERRED', detail: 'waiting for this number’s turn' },
      });
      continue;
    }
    taken.add(row.recipient);
    claimed.push({ ...row, attempts: row.attempts + 1, sendingSince: since });
  }
  if (claimed.length) {
    await tx
      .update(outboxMessages)
      .set({
        sendingSince: since,
        attempts: sql`${outboxMessages.attempts} + 1`,
        nextAttemptAt: null,
        updatedAt: sql`now()`,
      })
      .where(
        inArray(
          outboxMessages.id,
          claimed.map((r) => r.id),
        ),
      );
    for (const row of claimed)
      events.push({ messageId: row.id, kind: 'ATTEMPT', detail: `attempt ${row.attempts}` });
  }
  for (const { row, at, event } of later) {
    await updateMessage(tx, row.id, { nextAttemptAt: at });
    if (event) events.push({ messageId: row.id, ...event, detail: `${event.detail} (${at.toISOString()})` });
  }
  for (const [channel, queue] of Object.entries(OUTBOX_QUEUES)) {
    const jobsOf = later.filter(({ row }) => row.channel === channel);
    await jobs.sendMany(
      tx,
      queue,
      jobsOf.map(({ row, at }) => ({ data: { messageId: row.id }, startAfter: at })),
    );
  }
  await insertEventRows(tx, events);
  return claimed;
}

/** Close a message as FAILED: no more attempts, and its secret goes. */
export async function failRow(tx: Executor, row: MessageRow, error: string): Promise<void> {
  await updateMessage(tx, row.id, {
    status: 'FAILED',
    failedAt: new Date(),
    lastError: error,
    sendingSince: null,
    nextAttemptAt: null,
    secret: null,
  });
}
