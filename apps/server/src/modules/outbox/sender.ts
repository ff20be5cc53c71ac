import { setMaxListeners } from 'node:events';
import { setTimeout as sleep } from 'node:timers/promises';
import type { Channel } from '@parking-hub/contracts/messaging';
import type { Job } from 'pg-boss';
import type { Executor } from '../../db/client.ts';
import { retryDelaySeconds } from './backoff.ts';
import type { NewEvent } from './outbox.repository.ts';
import { insertEvent, lockMessages, type MessageRow, updateMessage } from './outbox.repository.ts';
import { OUTBOX_QUEUES, type Outbox } from './outbox.ts';
import { reserveChannelSlots } from './pace.ts';
import { errorText, type SendOutcome } from './send-outcome.ts';
import { claimBatch, failRow } from './sender-claim.ts';
import { SentRecorder } from './sender-record.ts';
import { fill, SECRET_NAMES } from './templates.ts';

export interface SendJob {
  messageId: string;
}

const UNFILLED_SECRET = new RegExp(`\\{\\{(${SECRET_NAMES.join('|')})\\}\\}`);

/**
 * The outbox's job handler (decision 011). For a batch of jobs it claims the rows (sender-claim.ts),
 * books the channel's sending slots (shared by every instance), hands each message to its provider
 * at its slot and records the outcome. A row found with `sending_since` already set was cut off
 * between the provider and the database: it is sent again only when no provider callback has shown
 * up for it within OUTBOX_IN_DOUBT_SECONDS, so a crash neither loses a message nor sends it twice.
 * No message is handed over once its job may have been given up for dead (OUTBOX_JOB_EXPIRE_SECONDS
 * less a margin): it is released for a later job instead, so a batch that outlives its job never
 * sends what another worker has meanwhile claimed again.
 */
export class OutboxSender {
  private readonly stopping = new AbortController();
  private readonly recorder: SentRecorder;

  constructor(private readonly outbox: Outbox) {
    this.recorder = new SentRecorder(outbox.deps.db);
    // Every message waiting for its slot listens for the stop: a full batch is many listeners.
    setMaxListeners(0, this.stopping.signal);
  }

  private get deps() {
    return this.outbox.deps;
  }

  handle = async (jobs: Job<SendJob>[]): Promise<void> => {
    const started = Date.now();
    const expireMs = this.deps.config.outbox.jobExpireSeconds * 1000;
    const deadline = started + expireMs - Math.min(15_000, expireMs / 4);
    const ids = [...new Set(jobs.map((j) => j.data.messageId))];
    const claimed = await this.deps.db.transaction((tx) => claimBatch(tx, this.outbox, ids));
    if (claimed.length === 0) return;
    let failures = 0;
    await Promise.all(
      (['WHATSAPP', 'EMAIL'] as const).map(async (channel) => {
        const rows = claimed.filter((r) => r.channel === channel);
        if (rows.length === 0) return;
        const rate = this.rateOf(channel);
        const slots = await reserveChannelSlots(this.deps.db, channel, rows.length, rate, new Date(deadline));
        if ('wait' in slots) {
          // Too many batches ahead to send these before this job's time: later, without a slot taken.
          for (const row of rows)
            await this.release(row, slots.wait, 'the channel is busy: its turn comes later');
          return;
        }
        const first = slots.first.getTime();
        await Promise.all(
          rows.map(async (row, i) => {
            try {
              await this.sendAt(row, first + (i * 1000) / rate, deadline);
            } catch (err) {
              failures++;
              this.deps.log.error({ err, messageId: row.id }, 'outbox: could not record a send');
            }
          }),
        );
      }),
    );
    // The job fails, so pg-boss runs it again: a row left `sending_since` is then checked, not resent.
    if (failures) throw new Error(`outbox: ${failures} outcome(s) could not be recorded`);
  };

  /** Stop waiting for slots: claimed rows not yet handed over are released, not left in doubt. */
  stop(): void {
    this.stopping.abort();
  }

  private rateOf(channel: Channel): number {
    const { config } = this.deps;
    return channel === 'WHATSAPP' ? config.whatsapp.ratePerSecond : config.email.ratePerSecond;
  }

  /** A new job for the row at `at` (this one ends); `event` says why, when worth saying. */
  private async later(tx: Executor, row: MessageRow, at: Date, event: NewEvent | null): Promise<void> {
    await updateMessage(tx, row.id, { nextAttemptAt: at });
    if (event) await insertEvent(tx, row.id, { ...event, detail: `${event.detail} (${at.toISOString()})` });
    const queue = OUTBOX_QUEUES[row.channel as Channel];
    await this.deps.jobs.send(tx, queue, { messageId: row.id }, { startAfter: at });
  }

  private async sendAt(row: MessageRow, slot: number, deadline: number): Promise<void> {
    const wait = slot - Date.now();
    if (wait > 0) {
      try {
        await sleep(wait, undefined, { signal: this.stopping.signal });
      } catch {
        return this.release(row, new Date(Date.now() + 1000), 'the server stopped before sending');
      }
    }
    // Only a stalled process gets here late: its job may be running again elsewhere by now.
    if (Date.now() > deadline) return this.release(row, new Date(), 'its turn came after this batch’s time');
    let outcome: SendOutcome;
    try {
      outcome = await this.deliver(row);
    } catch (err) {
      outcome = { kind: 'transient', error: errorText(`could not send: ${(err as Error).message}`) };
    }
    if (outcome.kind === 'sent') await this.recorder.sent(row, outcome.providerId);
    else await this.deps.db.transaction((tx) => this.recordFailure(tx, row, outcome));
  }

  private deliver(row: MessageRow): Promise<SendOutcome> {
    const values = row.secret ?? {};
    const texts = [row.subject ?? '', row.body, ...(row.templateParams?.body ?? [])].map((t) =>
      fill(t, values),
    );
    if (texts.some((t) => UNFILLED_SECRET.test(t))) {
      return Promise.resolve({
        kind: 'permanent',
        error: 'its secret (a code) is no longer kept: it cannot be sent',
      });
    }
    if (row.channel === 'EMAIL') {
      const email = this.outbox.email;
      if (!email) return Promise.resolve({ kind: 'transient', error: 'SMTP_URL is not set' });
      return email.send(
        { to: row.recipient, subject: fill(row.subject ?? '', values), text: fill(row.body, values) },
        row.id,
      );
    }
    const whatsapp = this.outbox.whatsapp;
    if (!whatsapp) return Promise.resolve({ kind: 'transient', error: 'WhatsApp is not set up' });
    const params = row.templateParams;
    return whatsapp.send(
      row.recipient,
      row.templateName && row.templateLanguage && params
        ? {
            type: 'template',
            name: row.templateName,
            language: row.templateLanguage,
            bodyParams: params.body.map((p) => fill(p, values)),
            ...(params.urlButton !== undefined ? { urlButtonParam: fill(params.urlButton, values) } : {}),
          }
        : { type: 'text', text: fill(row.body, values) },
      clientRef(row),
    );
  }

  /**
   * An attempt that did not go (or may have): wait, retry later, check before sending again, or
   * fail for good; under the row's lock, and only while the row is still this attempt's.
   */
  private async recordFailure(
    tx: Executor,
    claimed: MessageRow,
    outcome: Exclude<SendOutcome, { kind: 'sent' }>,
  ): Promise<void> {
    const [row] = await lockMessages(tx, [claimed.id]);
    if (!row) return;
    const details = { httpStatus: outcome.httpStatus ?? null, errorCode: outcome.code ?? null };
    if (!ownedBy(row, claimed)) {
      // A callback (or another attempt) has the row now: the outcome is history, nothing more.
      await insertEvent(tx, row.id, { kind: 'ERROR', detail: `${outcome.error} (superseded)`, ...details });
      return;
    }
    if (outcome.kind === 'wait') {
      const at = new Date(Date.now() + outcome.seconds * 1000);
      await updateMessage(tx, row.id, {
        sendingSince: null,
        attempts: Math.max(0, row.attempts - 1),
        lastError: outcome.error,
      });
      await this.later(tx, row, at, { kind: 'DEFERRED', detail: outcome.error, ...details });
      return;
    }
    if (outcome.kind === 'unknown') {
      // The provider may have it: keep `sending_since`, so the next run checks for its report first.
      const since = row.sendingSince?.getTime() ?? Date.now();
      const at = new Date(since + this.deps.config.outbox.inDoubtSeconds * 1000);
      await updateMessage(tx, row.id, { lastError: outcome.error });
      await this.later(tx, row, at, { kind: 'IN_DOUBT', detail: outcome.error, ...details });
      return;
    }
    const { maxAttempts, retryBaseSeconds } = this.deps.config.outbox;
    if (outcome.kind === 'permanent' || row.attempts >= maxAttempts) {
      const error =
        outcome.kind === 'permanent' ? outcome.error : `${outcome.error} (after ${row.attempts} attempts)`;
      await failRow(tx, row, error);
      await insertEvent(tx, row.id, { kind: 'FAILED', status: 'FAILED', detail: error, ...details });
      return;
    }
    const at = new Date(Date.now() + retryDelaySeconds(row.attempts, retryBaseSeconds) * 1000);
    await updateMessage(tx, row.id, { sendingSince: null, lastError: outcome.error });
    await insertEvent(tx, row.id, { kind: 'ERROR', detail: outcome.error, ...details });
    await this.later(tx, row, at, { kind: 'RETRY', detail: `attempt ${row.attempts + 1} at` });
  }

  /** A claimed row that was never handed over: back to waiting, with a job at `at`. */
  private async release(claimed: MessageRow, at: Date, why: string): Promise<void> {
    await this.deps.db.transaction(async (tx) => {
      const [row] = await lockMessages(tx, [claimed.id]);
      if (!row || !ownedBy(row, claimed)) return;
      await updateMessage(tx, row.id, { sendingSince: null, attempts: Math.max(0, row.attempts - 1) });
      await this.later(tx, row, at, { kind: 'DEFERRED', detail: why });
    });
  }
}

/** The row is still QUEUED under this attempt's claim (same `sending_since`, to the millisecond). */
function ownedBy(row: MessageRow, claimed: MessageRow): boolean {
  return row.status === 'QUEUED' && row.sendingSince?.getTime() === claimed.sendingSince?.getTime();
}

/** What the provider echoes in its callbacks: the outbox id and this attempt's token. */
export function clientRef(row: MessageRow): string {
  return `${row.id}:${row.sendingSince?.getTime() ?? 0}`;
}
