import { createHash, createHmac } from 'node:crypto';
import { setMaxListeners } from 'node:events';
import http from 'node:http';

/**
 * The webhook side of the fake WhatsApp Cloud API: the `messages` field payloads (statuses and
 * incoming texts), their X-Hub-Signature-256, and Meta's delivery: a non-200 answer or a
 * connection error is retried until it succeeds or the retry window ends.
 */

export type StatusKind = 'sent' | 'delivered' | 'read' | 'failed';

export interface StatusInput {
  wamid: string;
  status: StatusKind;
  recipient: string;
  clientRef?: string;
  timestamp?: number;
  errors?: Array<{ code: number; title: string; message?: string }>;
  /** The message's type decides the pricing category: templates are 'utility', texts 'service'. */
  messageType?: string;
}

export interface BusinessPhone {
  wabaId: string;
  phoneNumberId: string;
  displayPhoneNumber: string;
}

const unixSeconds = (ms = Date.now()) => String(Math.floor(ms / 1000));

function envelope(phone: BusinessPhone, value: Record<string, unknown>) {
  return {
    object: 'whatsapp_business_account',
    entry: [
      {
        id: phone.wabaId,
        changes: [
          {
            value: {
              messaging_product: 'whatsapp',
              metadata: {
                display_phone_number: phone.displayPhoneNumber,
                phone_number_id: phone.phoneNumberId,
              },
              ...value,
            },
            field: 'messages',
          },
        ],
      },
    ],
  };
}

export function statusPayload(phone: BusinessPhone, input: StatusInput) {
  const recipient = input.recipient.replace(/\D/g, '');
  const status: Record<string, unknown> = {
    id: input.wamid,
    status: input.status,
    timestamp: input.timestamp === undefined ? unixSeconds() : String(input.timestamp),
    recipient_id: recipient,
  };
  if (input.clientRef !== undefined) status.biz_opaque_callback_data = input.clientRef;
  if (input.status === 'failed') {
    status.errors = (input.errors ?? [{ code: 131026, title: 'Message undeliverable' }]).map((e) => ({
      code: e.code,
      title: e.title,
      message: e.message ?? e.title,
      error_data: { details: e.message ?? e.title },
      href: 'https://developers.facebook.com/docs/whatsapp/cloud-api/support/error-codes/',
    }));
  } else {
    // Up to v23.0 every sent/delivered/read status carries the conversation and its pricing.
    const category = input.messageType === 'template' ? 'utility' : 'service';
    status.conversation = {
      id: createHash('md5').update(`conversation:${recipient}`).digest('hex'),
      ...(input.status === 'sent' ? { expiration_timestamp: unixSeconds(Date.now() + 86_400_000) } : {}),
      origin: { type: category },
    };
    const free = category === 'service';
    status.pricing = {
      billable: !free,
      pricing_model: 'PMP',
      category,
      type: free ? 'free_customer_service' : 'regular',
    };
  }
  return envelope(phone, { statuses: [status] });
}

export function inboundPayload(phone: BusinessPhone, from: string, text: string, wamid: string) {
  const waId = from.replace(/\D/g, '');
  return envelope(phone, {
    contacts: [{ profile: { name: 'Test Customer' }, wa_id: waId }],
    messages: [{ from: waId, id: wamid, timestamp: unixSeconds(), type: 'text', text: { body: text } }],
  });
}

/**
 * JSON the way Meta writes webhook bodies: non-ASCII as \uXXXX and '/' as '\/'. A receiver that
 * re-serialises the parsed body before checking the signature fails here as it would with Meta.
 */
export function metaJson(value: unknown): string {
  return JSON.stringify(value)
    .replace(/\//g, '\\/')
    .replace(/[\u007f-\uffff]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
}

export function signBody(appSecret: string, rawBody: string): string {
  return `sha256=${createHmac('sha256', appSecret).update(rawBody, 'utf8').digest('hex')}`;
}

/** One POST; answers the HTTP status, rejects on a connection error or after `timeoutMs`. */
export function postOnce(
  url: string,
  rawBody: string,
  signature: string | null,
  signal?: AbortSignal,
  timeoutMs = 5_000,
): Promise<number> {
  return new Promise((resolve, reject) => {
    const headers: http.OutgoingHttpHeaders = {
      'content-type': 'application/json',
      'content-length': Buffer.byteLength(rawBody),
      'user-agent': 'facebookexternalua',
    };
    if (signature !== null) headers['x-hub-signature-256'] = signature;
    // No keep-alive agent: a closed fake must leave no sockets behind.
    const req = http.request(url, { method: 'POST', headers, agent: false, signal, timeout: timeoutMs });
    req.on('response', (res) => {
      res.resume();
      res.on('end', () => resolve(res.statusCode ?? 0));
      res.on('error', reject);
    });
    req.on('timeout', () => req.destroy(new Error(`webhook ${url} timed out`)));
    req.on('error', reject);
    req.end(rawBody);
  });
}

/**
 * Meta's delivery as far as a test can wait for it: retried every `everyMs` until a 200 or until
 * `forMs` have passed since the first try. Deliveries stop when the fake closes.
 */
export class WebhookDelivery {
  private readonly controller = new AbortController();
  private readonly pauses = new Map<NodeJS.Timeout, () => void>();

  constructor(
    private readonly everyMs = 300,
    private readonly forMs = 60_000,
  ) {
    // One stop for every delivery in flight: as many listeners as callbacks on their way.
    setMaxListeners(0, this.controller.signal);
  }

  get stopped(): boolean {
    return this.controller.signal.aborted;
  }

  /** Resolves true once delivered, false when it gave up or was stopped; never rejects. */
  async deliver(url: string, rawBody: string, signature: string): Promise<boolean> {
    const until = Date.now() + this.forMs;
    while (!this.stopped) {
      const status = await postOnce(url, rawBody, signature, this.controller.signal).catch(() => 0);
      if (status === 200) return true;
      if (this.stopped || Date.now() + this.everyMs > until) return false;
      await this.pause(this.everyMs);
    }
    return false;
  }

  stop(): void {
    this.controller.abort();
    for (const [timer, resolve] of this.pauses) {
      clearTimeout(timer);
      resolve();
    }
    this.pauses.clear();
  }

  private pause(ms: number): Promise<void> {
    return new Promise((resolve) => {
      const timer = setTimeout(() => {
        this.pauses.delete(timer);
        resolve();
      }, ms);
      this.pauses.set(timer, resolve);
    });
  }
}
