import { dayText } from '@parking-hub/contracts/business-day';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { ADVISORY_LOCKS } from '../../lib/advisory-locks.ts';
import { appendPastAuditEvents } from '../audit/audit.repository.ts';
import type { Outbox } from '../outbox/outbox.ts';
import {
  claimReminders,
  expireDuePasses,
  linkReminderMessages,
  type ReminderDue,
  reminderKey,
  remindersDue,
} from './members-jobs.repository.ts';

/**
 * The members' scheduled work (issue 14, jobs/schedules.ts `members-daily`, run every hour so
 * that each shop's own business day is served in its own time zone and hours):
 *  - a pass past its last valid business day becomes EXPIRED on the shop's next business day
 *    (the first run after the shop's day changes), audited as the system's change;
 *  - each ACTIVE member with a phone gets one WhatsApp reminder through the outbox when the pass
 *    has `member_reminder_days` days left (BEFORE) and one on its last day (LAST_DAY), once per
 *    member, kind and period end (member_reminders' unique key), between 08:00 and 21:00 shop
 *    time. A renewal moves the end, so the new period has reminders of its own and the old ones
 *    are never sent again. A BEFORE reminder a missed run did not send goes at the next run while
 *    days are left (late rather than never); a pass shorter than the reminder days gets only the
 *    last day's.
 * Both work in batches, each in a transaction of its own: a run stopped half way has committed
 * what it did, and the next run carries on from there.
 */

export interface MembersJobDeps {
  db: Db;
  outbox: Outbox;
}

export interface MembersJobOptions {
  /** The job's clock (tests move it). */
  now?: Date;
  /** Rows per transaction. */
  batch?: number;
}

export interface MembersJobResult {
  expired: number;
  reminders: { BEFORE: number; LAST_DAY: number };
}

/** Reminders go out only in these hours of the shop's local time (from included, to excluded). */
export const REMINDER_HOURS = { from: 8, to: 21 } as const;

const BATCH = 500;

export async function runMembersDaily(
  deps: MembersJobDeps,
  o: MembersJobOptions = {},
): Promise<MembersJobResult> {
  const now = o.now ?? new Date();
  const batch = o.batch ?? BATCH;
  const expired = await expirePasses(deps.db, now, batch);
  const reminders = await sendReminders(deps, now, batch);
  return { expired, reminders };
}

/** Mark every pass past its end EXPIRED, `batch` at a time; answers how many. */
export async function expirePasses(db: Db, now: Date, batch = BATCH): Promise<number> {
  let total = 0;
  for (;;) {
    const done = await db.transaction(async (tx) => {
      const rows = await expireDuePasses(tx, now, batch);
      if (!rows.length) return 0;
      // The chain lock first, then the time: no event can be appended before ours with a later
      // time, so one time for the whole batch keeps the chain in order (one statement, not one
      // append per member).
      await tx.execute(sql`select pg_advisory_xact_lock(${ADVISORY_LOCKS.auditChain})`);
      const at = new Date();
      await appendPastAuditEvents(
        tx,
        rows.map((r) => ({
          at,
          actorId: null,
          actorName: 'system',
          actorRole: null,
          shopId: r.shopId,
          action: 'membership.expire',
          entity: 'member',
          entityId: r.id,
          before: { status: 'ACTIVE' },
          after: { status: 'EXPIRED', number: r.number, validUntil: r.validUntil },
          ip: null,
          requestId: null,
        })),
      );
      return rows.length;
    });
    total += done;
    if (done < batch) return total;
  }
}

/** Queue the reminders due now, `batch` members at a time; answers how many of each kind. */
export async function sendReminders(
  { db, outbox }: MembersJobDeps,
  now: Date,
  batch = BATCH,
): Promise<MembersJobResult['reminders']> {
  const counts = { BEFORE: 0, LAST_DAY: 0 };
  let afterId: string | null = null;
  for (;;) {
    const due: ReminderDue[] = await remindersDue(db, { now, hours: REMINDER_HOURS, afterId, limit: batch });
    if (!due.length) break;
    await db.transaction(async (tx) => {
      const claimed = await claimReminders(tx, due);
      const sent: Array<ReminderDue & { messageId: string }> = [];
      for (const r of due) {
        if (!claimed.has(reminderKey(r))) continue;
        const { id } = await outbox.enqueue(tx, {
          channel: 'WHATSAPP',
          recipient: r.phone,
          kind: 'member_reminder',
          language: 'lo',
          params: { shop: r.shopName, name: r.fullName, number: r.number, until: dayText(r.validUntil) },
          shopId: r.shopId,
          cause: 'membership.reminder',
          causeId: r.memberId,
          // Held back (no settings, a provider down for long): never sent once the pass has ended.
          expiresAt: r.expiresAt,
        });
        sent.push({ ...r, messageId: id });
        counts[r.kind]++;
      }
      await linkReminderMessages(tx, sent);
    });
    outbox.nudge();
    afterId = due.at(-1)?.memberId ?? null;
    if (due.length < batch) break;
  }
  return counts;
}
