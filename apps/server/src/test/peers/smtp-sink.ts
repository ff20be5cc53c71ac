import type { AddressInfo } from 'node:net';
import { type HeaderValue, simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import { Waiters } from './waiters.ts';

/**
 * A real SMTP server on loopback that keeps every message it accepts, decoded (quoted-printable,
 * base64, UTF-8 Lao) by mailparser. Plain SMTP: no STARTTLS, and any AUTH is accepted, so an
 * SMTP_URL with or without credentials works against it.
 */

export interface ReceivedMail {
  at: number;
  from: string;
  to: string[];
  subject: string;
  text: string;
  html: string | null;
  messageId: string | null;
  headers: Record<string, string>;
}

interface Refusal {
  code: number;
  message: string;
}

export class SmtpSink {
  readonly url: string;
  readonly port: number;
  readonly mails: ReceivedMail[] = [];
  private refusals: Refusal[] = [];
  private readonly waiters = new Waiters();

  private constructor(private readonly server: SMTPServer) {
    this.port = (server.server.address() as AddressInfo).port;
    this.url = `smtp://127.0.0.1:${this.port}`;
  }

  static async start(options: { port?: number } = {}): Promise<SmtpSink> {
    let sink: SmtpSink | undefined;
    const server = new SMTPServer({
      disabledCommands: ['STARTTLS'],
      authOptional: true,
      allowInsecureAuth: true,
      logger: false,
      // A pooled client (the app's transport) would otherwise hold close() for 30 s.
      closeTimeout: 500,
      banner: 'Parking Hub test SMTP sink',
      onAuth: (auth, _session, callback) => callback(null, { user: auth.username ?? 'anonymous' }),
      onData: (stream, session, callback) => {
        const envelope = {
          from: session.envelope.mailFrom === false ? '' : session.envelope.mailFrom.address,
          to: session.envelope.rcptTo.map((r) => r.address),
        };
        simpleParser(stream).then(
          (parsed) => {
            // Refused at the end of DATA, as a real relay does after reading the message.
            const refusal = sink?.refusals.shift();
            if (refusal)
              return callback(Object.assign(new Error(refusal.message), { responseCode: refusal.code }));
            sink?.keep({
              at: Date.now(),
              ...envelope,
              subject: parsed.subject ?? '',
              text: parsed.text ?? '',
              html: typeof parsed.html === 'string' ? parsed.html : null,
              messageId: parsed.messageId ?? null,
              headers: flatHeaders(parsed.headers),
            });
            callback();
          },
          (error: Error) => callback(Object.assign(error, { responseCode: 554 })),
        );
      },
    });
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(options.port ?? 0, '127.0.0.1', () => resolve());
    });
    server.on('error', (error) => console.error('smtp-sink:', error));
    sink = new SmtpSink(server);
    return sink;
  }

  /** The next `count` messages are refused at the end of DATA with this reply (451 transient, 550 permanent). */
  failNext(count: number, code: number, message: string): void {
    for (let i = 0; i < count; i++) this.refusals.push({ code, message });
  }

  waitFor(predicate: (m: ReceivedMail) => boolean, timeoutMs = 10_000): Promise<ReceivedMail> {
    const seen = () => `mails: [${this.mails.map((m) => `${m.to.join(' ')}: ${m.subject}`).join(', ')}]`;
    return this.waiters.until(() => this.mails.find(predicate), timeoutMs, seen);
  }

  reset(): void {
    this.mails.length = 0;
    this.refusals = [];
  }

  close(): Promise<void> {
    return new Promise((resolve) => this.server.close(() => resolve()));
  }

  private keep(mail: ReceivedMail): void {
    this.mails.push(mail);
    this.waiters.notify();
  }
}

/** mailparser's structured header values as the one-line text a test compares against. */
function flatHeaders(headers: Map<string, HeaderValue>): Record<string, string> {
  const flat: Record<string, string> = {};
  for (const [key, value] of headers) flat[key] = headerText(value);
  return flat;
}

function headerText(value: HeaderValue): string {
  if (typeof value === 'string') return value;
  if (value instanceof Date) return value.toISOString();
  if (Array.isArray(value)) return value.map((v) => headerText(v)).join(', ');
  if ('text' in value && typeof value.text === 'string') return value.text;
  if ('params' in value && typeof value.value === 'string') {
    const params = Object.entries(value.params).map(([k, v]) => `; ${k}=${v}`);
    return `${value.value}${params.join('')}`;
  }
  // The List-* headers, combined by mailparser under `list`.
  return Object.entries(value as Record<string, { url?: string; mail?: string; id?: string }>)
    .map(([k, e]) => `${k}=${e.url ?? e.mail ?? e.id ?? ''}`)
    .join('; ');
}
