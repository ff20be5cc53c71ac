import nodemailer, { type Transporter } from 'nodemailer';
import type { EmailConfig } from '../../config.ts';
import { errorText, REQUEST_TIMEOUT_MS, type SendOutcome } from './send-outcome.ts';

export interface Email {
  to: string;
  subject: string;
  text: string;
}

/**
 * E-mail over SMTP (nodemailer, `SMTP_URL`). The outbox id is the Message-ID, so a message sent
 * again after a cut-off attempt has the same Message-ID as the first, and mail clients that saw
 * both show it once.
 */
export class EmailClient {
  private readonly transport: Transporter;

  constructor(private readonly cfg: EmailConfig & { smtpUrl: string }) {
    this.transport = nodemailer.createTransport({
      url: cfg.smtpUrl,
      pool: true,
      maxConnections: 5,
      connectionTimeout: REQUEST_TIMEOUT_MS,
      greetingTimeout: REQUEST_TIMEOUT_MS,
      socketTimeout: REQUEST_TIMEOUT_MS,
    });
  }

  get from(): string {
    return this.cfg.from;
  }

  async send(mail: Email, messageId: string): Promise<SendOutcome> {
    try {
      await this.transport.sendMail({
        from: this.cfg.from,
        to: mail.to,
        subject: mail.subject,
        text: mail.text,
        messageId: `<${messageId}@parking-hub.outbox>`,
        headers: { 'X-Parking-Hub-Outbox-Id': messageId },
      });
      return { kind: 'sent', providerId: null };
    } catch (err) {
      const e = err as Error & { responseCode?: number; code?: string };
      const error = errorText(`${e.responseCode ? `SMTP ${e.responseCode}: ` : ''}${e.message}`);
      const base = {
        error,
        ...(e.responseCode ? { httpStatus: e.responseCode } : {}),
        ...(e.code ? { code: e.code } : {}),
      };
      // 5xx replies are final (no such mailbox, refused); 4xx and failed connections pass. A socket
      // that broke or timed out mid-session may have delivered: the next try waits, as in doubt.
      if (e.responseCode && e.responseCode >= 500) return { kind: 'permanent', ...base };
      if (!e.responseCode && (e.code === 'ETIMEDOUT' || e.code === 'ESOCKET'))
        return { kind: 'unknown', ...base };
      return { kind: 'transient', ...base };
    }
  }

  close(): void {
    this.transport.close();
  }
}
