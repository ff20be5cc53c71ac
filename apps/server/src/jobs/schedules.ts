import { sql } from 'drizzle-orm';
import type pg from 'pg';
import { type Config, publicUrlMissing } from '../config.ts';
import type { Db } from '../db/client.ts';
import { dailyBackup } from '../modules/backup/backup.retention.ts';
import { runMembersDaily } from '../modules/members/members.jobs.ts';
import { publishDue } from '../modules/news/news.service.ts';
import type { Outbox } from '../modules/outbox/outbox.ts';
import { pruneRecipientTurns } from '../modules/outbox/pace.ts';
import { sweepOutbox } from '../modules/outbox/sweep.ts';
import { runDailySummary } from '../modules/rent/daily-summary.ts';
import { runMonthlyInvoices } from '../modules/rent/rent.jobs.ts';
import type { JobRunner } from './runner.ts';

/** What a scheduled job may use. */
export interface ScheduleDeps {
  db: Db;
  outbox: Outbox;
  pool: pg.Pool;
  config: Config;
}

/**
 * Every schedule of the platform, in one place (decision 011). Cron expressions are in the
 * platform's time zone (PLATFORM_TIMEZONE, Asia/Vientiane by default); pg-boss runs each once per
 * period however many instances are up.
 */
export interface Schedule {
  name: string;
  cron: string;
  description: string;
  /** When a setting decides the cron: its value (null: not scheduled). */
  configuredCron?(config: Config): string | null;
  /** How long one run may take before pg-boss takes it for crashed (15 minutes unless set). */
  expireInSeconds?: number;
  run(deps: ScheduleDeps): Promise<unknown>;
}

export const SCHEDULES: readonly Schedule[] = [
  {
    name: 'outbox-sweep',
    cron: '*/5 * * * *',
    description:
      'Close expired messages, give a job back to any queued message that lost its own, send what waited for settings',
    run: ({ outbox }) => sweepOutbox(outbox),
  },
  {
    name: 'outbox-prune-turns',
    cron: '17 3 * * *',
    description: 'Forget the sending turns of WhatsApp numbers not written to for a day',
    run: ({ db }) => pruneRecipientTurns(db),
  },
  {
    name: 'password-resets-prune',
    cron: '27 3 * * *',
    description: 'Forget forgotten-password attempts older than 30 days (the audit trail keeps each step)',
    run: ({ db }) =>
      db.execute(sql`delete from password_resets where created_at < now() - interval '30 days'`),
  },
  {
    name: 'report-scope-compact',
    cron: '47 3 * * *',
    description:
      'Fold the striped scope rows of days older than two days into one row each (decision 010): a year stays small',
    run: ({ db }) => db.execute(sql`select report_scope_compact(current_date - 2)`),
  },
  {
    name: 'backup-daily',
    cron: '30 2 * * *',
    configuredCron: (config) => config.backup.cron,
    expireInSeconds: 4 * 3600,
    description:
      'Back up the database and the uploads into BACKUP_DIR, keeping the last BACKUP_KEEP (decision 013)',
    run: ({ pool, config }) => dailyBackup(pool, config),
  },
  {
    // Hourly, not daily: each shop's business day changes at its own time in its own zone, and
    // each run does only what that shop's day now asks (once per member and period), so a
    // pass ends and its reminders go on the shop's day, not the platform's (members.jobs.ts).
    name: 'members-daily',
    cron: '5 * * * *',
    expireInSeconds: 30 * 60,
    description:
      "Passes past their last business day become EXPIRED (audited as the system); members whose pass ends in the shop's reminder days, or today, get one WhatsApp reminder each per period, 08:00–21:00 shop time",
    run: ({ db, outbox }) => runMembersDaily({ db, outbox }),
  },
  {
    // The 1st at 06:00 in the platform's time zone: every shop's month is over by then (Laos is
    // the platform's zone; a shop far west of it would need a later hour). Idempotent: a second
    // run, a second instance or a run after a crash makes only the invoices still missing.
    name: 'rent-invoices-monthly',
    cron: '0 6 1 * *',
    expireInSeconds: 60 * 60,
    description:
      "Every main shop's rent invoice for the month before (package, tickets over the allowance, rolls, charges, promotion), numbered without gaps",
    run: ({ db, config }) => runMonthlyInvoices({ db, config }),
  },
  {
    name: 'daily-summary',
    cron: '0 7 * * *',
    expireInSeconds: 30 * 60,
    description:
      "Yesterday's summary (tickets, vehicles out, money, cancellations) to every shop's WhatsApp through the outbox, once per shop and day",
    run: ({ db, outbox, config }) => runDailySummary({ db, outbox, config }),
  },
  {
    // Every minute: a scheduled news item goes at most a minute after its time. Each item is sent
    // in its own transaction under a row lock (SKIP LOCKED), so two instances never send one twice.
    name: 'news-publish',
    cron: '* * * * *',
    expireInSeconds: 10 * 60,
    description: 'Scheduled news whose time has come, to its shops’ WhatsApp and their app',
    run: ({ db, outbox, config }) =>
      publishDue(
        {
          db,
          outbox,
          publicUrl: config.publicUrl,
          publicUrlMissing: publicUrlMissing(config),
          uploadsDir: config.uploadsDir,
        },
        20,
        outbox.deps.log,
      ),
  },
];

/** Queues, handlers and cron entries of every schedule. */
export function declareSchedules(jobs: JobRunner, deps: ScheduleDeps, timezone: string): () => Promise<void> {
  const active = SCHEDULES.flatMap((s) => {
    const cron = s.configuredCron ? s.configuredCron(deps.config) : s.cron;
    return cron ? [{ ...s, cron }] : [];
  });
  for (const s of active) {
    const expireInSeconds = s.expireInSeconds ?? 15 * 60;
    jobs.defineQueue({ name: s.name, retryLimit: 3, retryDelaySeconds: 60, expireInSeconds });
    jobs.work(s.name, { batchSize: 1, pollingIntervalSeconds: 5, workers: 1 }, async () => {
      await s.run(deps);
    });
  }
  return () => jobs.schedule(active, timezone);
}
