import { randomUUID } from 'node:crypto';
import type { Language } from '@parking-hub/contracts/messages';
import type { Channel, MessageStatus } from '@parking-hub/contracts/messaging';
import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config.ts';
import type { Db, Executor } from '../../db/client.ts';
import type { JobRunner } from '../../jobs/runner.ts';
import { EmailClient } from './email-client.ts';
import { insertEvents, insertMessage, insertMessages, requeueMessages } from './outbox.repository.ts';
import {
  type MessageKind,
  renderTexts,
  resolveTemplates,
  SECRET_KINDS,
  type SECRET_NAMES,
  templateParam,
  type WhatsappTemplate,
} from './templates.ts';
import { WhatsappClient } from './whatsapp-client.ts';

/** One queue per channel: each is paced, and its batches sized, at its own rate. */
export const OUTBOX_QUEUES: Record<Channel, string> = { WHATSAPP: 'outbox-whatsapp', EMAIL: 'outbox-email' };

/** A message to send, as the change that causes it describes it. */
export interface NewMessage {
  channel: Channel;
  /** E.164 for WhatsApp, an address for e-mail. */
  recipient: string;
  kind: MessageKind;
  language: Language;
  /** Values the texts and the template show. */
  params?: Record<string, string>;
  /** Values nobody but the recipient may see (a code): never stored in a shown text, wiped once sent. */
  secret?: Partial<Record<(typeof SECRET_NAMES)[number], string>>;
  /** A text of one's own: free text where WhatsApp allows it (24 hours after the number wrote to us). */
  text?: string;
  shopId?: string | null;
  userId?: string | null;
  createdBy?: string | null;
  /** What caused it, e.g. 'password_reset', 'admin.test', 'shop.message'; and the id of that. */
  cause: string;
  causeId?: string | null;
  /** After this it is pointless to send (a code that no longer works). */
  expiresAt?: Date | null;
}

export interface OutboxDeps {
  db: Db;
  jobs: JobRunner;
  config: Config;
  log: FastifyBaseLogger;
}

/**
 * The one way the system talks to the outside (decision 011): a message is a row written in the
 * caller's transaction, with its sending job; the sender (sender.ts) hands it to the provider.
 */
export class Outbox {
  readonly templates: Record<MessageKind, WhatsappTemplate>;
  readonly whatsapp: WhatsappClient | null;
  readonly email: EmailClient | null;

  constructor(readonly deps: OutboxDeps) {
    const { config } = deps;
    this.templates = resolveTemplates(config.whatsapp.templates);
    this.whatsapp = WhatsappClient.missing(config.whatsapp).length
      ? null
      : new WhatsappClient(config.whatsapp);
    const smtpUrl = config.email.smtpUrl;
    this.email = smtpUrl ? new EmailClient({ ...config.email, smtpUrl }) : null;
  }

  configured(channel: Channel): boolean {
    return channel === 'WHATSAPP' ? this.whatsapp !== null : this.email !== null;
  }

  /** Write the message (and its job) in `tx`. Call `nudge()` once the transaction has committed. */
  async enqueue(tx: Executor, m: NewMessage): Promise<{ id: string; status: MessageStatus }> {
    const status: MessageStatus = this.configured(m.channel) ? 'QUEUED' : 'NOT_CONFIGURED';
    const placeholders = Object.fromEntries(Object.keys(m.secret ?? {}).map((k) => [k, `{{${k}}}`]));
    const values = { ...m.params, ...placeholders };
    // A test with a text is a test of free text: outside the 24-hour window the API refuses it
    // (131047), and the admin sees that rather than a template sent instead.
    const freeText =
      m.channel === 'WHATSAPP' &&
      m.text !== undefined &&
      (m.kind === 'test' || (await this.windowOpen(tx, m.recipient)));
    const { template, subject, body } = this.render(m, values, freeText);
    const missing = status === 'QUEUED' ? [] : this.missingSettings(m.channel);
    const id = await insertMessage(
      tx,
      {
        ...this.row(m, status),
        templateName: template?.name ?? null,
        templateLanguage: template?.language ?? null,
        templateParams: template?.params ?? null,
        subject,
        body,
        secret: m.secret && Object.keys(m.secret).length ? (m.secret as Record<string, string>) : null,
      },
      status === 'QUEUED'
        ? { kind: 'QUEUED', status }
        : { kind: 'NOT_CONFIGURED', status, detail: missing.join(', ') },
    );
    if (status === 'QUEUED') {
      await this.deps.jobs.send(tx, OUTBOX_QUEUES[m.channel], { messageId: id });
    } else {
      this.deps.log.warn(
        { messageId: id, channel: m.channel, missing },
        'cannot send: the channel is not set up',
      );
    }
    return { id, status };
  }

  /**
   * Many messages at once (a news item to thousands of shops): the same rows, first events and
   * jobs as `enqueue` writes one by one, in three statements. Templates and e-mails only: no free
   * text and no secrets (a message to many is business-initiated, which WhatsApp takes as a template).
   */
  async enqueueMany(
    tx: Executor,
    messages: readonly NewMessage[],
  ): Promise<Array<{ id: string; status: MessageStatus }>> {
    const rows = messages.map((m) => {
      if (m.secret || m.text !== undefined) throw new Error('enqueueMany sends templates only');
      const status: MessageStatus = this.configured(m.channel) ? 'QUEUED' : 'NOT_CONFIGURED';
      const { template, subject, body } = this.render(m, { ...m.params }, false);
      return {
        ...this.row(m, status),
        id: randomUUID(),
        templateName: template?.name ?? null,
        templateLanguage: template?.language ?? null,
        templateParams: template?.params ?? null,
        subject,
        body,
      };
    });
    if (rows.length === 0) return [];
    const missing = (channel: Channel) => this.missingSettings(channel).join(', ');
    await insertMessages(tx, rows, missing);
    for (const channel of ['WHATSAPP', 'EMAIL'] as const) {
      const queued = rows.filter((r) => r.channel === channel && r.status === 'QUEUED');
      await this.deps.jobs.sendMany(
        tx,
        OUTBOX_QUEUES[channel],
        queued.map((r) => ({ data: { messageId: r.id } })),
      );
      const waiting = rows.filter((r) => r.channel === channel && r.status === 'NOT_CONFIGURED').length;
      if (waiting)
        this.deps.log.warn(
          { channel, count: waiting, missing: missing(channel) },
          'cannot send: the channel is not set up',
        );
    }
    return rows.map((r) => ({ id: r.id, status: r.status }));
  }

  /** The columns of a new row that come straight from the message. */
  private row(m: NewMessage, status: MessageStatus) {
    return {
      channel: m.channel,
      recipient: m.recipient,
      kind: m.kind,
      language: m.language,
      shopId: m.shopId ?? null,
      userId: m.userId ?? null,
      createdBy: m.createdBy ?? null,
      cause: m.cause,
      causeId: m.causeId ?? null,
      status,
      expiresAt: m.expiresAt ?? null,
    };
  }

  /** What the message says: an e-mail's subject and text, a WhatsApp free text, or its template. */
  private render(m: NewMessage, values: Record<string, string>, freeText: boolean) {
    let template: { name: string; language: string; params: { body: string[]; urlButton?: string } } | null =
      null;
    let subject: string | null = null;
    let body: string;
    if (m.channel === 'EMAIL') {
      const texts = renderTexts(m.kind, m.language, values);
      subject = texts.subject;
      body = m.text ?? texts.body;
    } else if (freeText && m.text !== undefined) {
      body = m.text;
    } else {
      const t = this.templates[m.kind];
      const filled: Record<string, string> = { ...values, template: t.name };
      if (m.text !== undefined) filled.text = templateParam(m.text);
      const param = (name: string) => filled[name] ?? '';
      template = {
        name: t.name,
        language: t.language,
        params: { body: t.body.map(param), ...(t.urlButton ? { urlButton: param(t.urlButton) } : {}) },
      };
      body = renderTexts(m.kind, m.language, filled).body;
    }
    return { template, subject, body };
  }

  /** Wake this process's senders (after the transaction that queued messages has committed). */
  nudge(): void {
    for (const queue of Object.values(OUTBOX_QUEUES)) this.deps.jobs.nudge(queue);
  }

  missingSettings(channel: Channel): string[] {
    if (channel === 'WHATSAPP') return WhatsappClient.missing(this.deps.config.whatsapp);
    return this.deps.config.email.smtpUrl ? [] : ['SMTP_URL'];
  }

  /**
   * Rows of a channel in these states go back to QUEUED for a new round of attempts, each with a
   * new job: never expired ones, nor ones whose secret is spent (a code sent or given up), and
   * without `ids` (a bulk requeue) no message that failed more than a week ago.
   */
  async requeue(
    tx: Executor,
    channel: Channel,
    statuses: MessageStatus[],
    ids?: string[],
  ): Promise<string[]> {
    if (!this.configured(channel)) return [];
    const requeued = await requeueMessages(tx, {
      channel,
      statuses,
      secretKinds: SECRET_KINDS,
      ...(ids ? { ids } : { failedWithinDays: 7 }),
    });
    await insertEvents(tx, requeued, { kind: 'REQUEUED', status: 'QUEUED' });
    await this.deps.jobs.sendMany(
      tx,
      OUTBOX_QUEUES[channel],
      requeued.map((messageId) => ({ data: { messageId } })),
    );
    return requeued;
  }

  /** Messages that waited for settings go out now that the settings exist. */
  async releaseNotConfigured(): Promise<number> {
    let total = 0;
    for (const channel of ['WHATSAPP', 'EMAIL'] as const) {
      if (!this.configured(channel)) continue;
      const ids = await this.deps.db.transaction((tx) => this.requeue(tx, channel, ['NOT_CONFIGURED']));
      total += ids.length;
    }
    if (total) {
      this.deps.log.info({ count: total }, 'outbox: messages that waited for settings are queued');
      this.nudge();
    }
    return total;
  }

  /** WhatsApp allows a free text only within 24 hours of the number's last message to us. */
  private async windowOpen(tx: Executor, recipient: string): Promise<boolean> {
    const { rows } = await tx.execute(sql`
      select 1 from whatsapp_contacts
      where wa_id = ${recipient.replace(/^\+/, '')} and last_inbound_at > now() - interval '24 hours'`);
    return rows.length > 0;
  }

  close(): void {
    this.email?.close();
  }
}
