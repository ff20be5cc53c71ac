import http from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  digitsOf,
  type Failure,
  failureAnswer,
  type GraphError,
  invalidParameter,
  invalidToken,
  newWamid,
  validateMessage,
} from './fake-whatsapp-graph.ts';
import {
  acceptedAnswer,
  handleInspection,
  parseJson,
  phoneNumberAnswer,
  readBody,
  recordOf,
  send,
  unsupported,
} from './fake-whatsapp-http.ts';
import {
  type BusinessPhone,
  inboundPayload,
  metaJson,
  postOnce,
  type StatusInput,
  signBody,
  statusPayload,
  WebhookDelivery,
} from './fake-whatsapp-webhooks.ts';
import { Waiters } from './waiters.ts';

export type { Failure } from './fake-whatsapp-graph.ts';

/**
 * A WhatsApp Business Cloud API on loopback for API tests, browser tests and benchmarks: the
 * code under test sends real HTTP requests to it and receives real, signed webhooks from it.
 * Only what Parking Hub uses is served: sending text and template messages, reading the phone
 * number, and the `messages` webhook (statuses and incoming texts).
 */

type DeliveryStatus = 'sent' | 'delivered' | 'read';

export interface FakeWhatsAppOptions {
  token?: string;
  phoneNumberId?: string;
  appSecret?: string;
  version?: string;
  webhookUrl?: string | null;
  statuses?: DeliveryStatus[];
  port?: number;
  /** Refuse free-form texts (131047) to numbers that have not written in the last 24 hours. */
  requireWindow?: boolean;
}

export interface RecordedRequest {
  at: number;
  to: string;
  type: string;
  // biome-ignore lint/suspicious/noExplicitAny: whatever JSON the client sent, for tests to inspect
  body: any;
  authorization: string | undefined;
  clientRef: string | undefined;
  wamid: string | undefined;
  /** The HTTP status answered; 0 for a `drop` (socket destroyed, nothing answered). */
  answered: number;
}

type Hook = (req: RecordedRequest) => Promise<void> | void;

const WINDOW_MS = 24 * 60 * 60 * 1000;

export class FakeWhatsApp {
  readonly url: string;
  readonly token: string;
  readonly phoneNumberId: string;
  readonly appSecret: string;
  readonly version: string;
  /** The business account and number the webhooks and the phone number call describe. */
  readonly phone: BusinessPhone;
  readonly requests: RecordedRequest[] = [];

  private failQueue: Failure[] = [];
  private readonly recipientFailures = new Map<string, Failure>();
  private readonly lastInbound = new Map<string, number>();
  private readonly waiters = new Waiters();
  private hook: Hook | null = null;
  private webhookUrl: string | null;
  private statuses: DeliveryStatus[];
  private delivery = new WebhookDelivery();

  private constructor(
    private readonly server: http.Server,
    private readonly options: FakeWhatsAppOptions,
  ) {
    const { port } = server.address() as AddressInfo;
    this.token = options.token ?? 'test-wa-token';
    this.phoneNumberId = options.phoneNumberId ?? '1234567890';
    this.appSecret = options.appSecret ?? 'test-app-secret';
    this.version = options.version ?? 'v23.0';
    this.url = `http://127.0.0.1:${port}/${this.version}`;
    this.webhookUrl = options.webhookUrl ?? null;
    this.statuses = [...(options.statuses ?? ['sent', 'delivered'])];
    this.phone = {
      wabaId: '102290129340398',
      phoneNumberId: this.phoneNumberId,
      displayPhoneNumber: '+856 20 5555 0000',
    };
  }

  static async start(options: FakeWhatsAppOptions = {}): Promise<FakeWhatsApp> {
    const server = http.createServer();
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(options.port ?? 0, '127.0.0.1', () => resolve());
    });
    const fake = new FakeWhatsApp(server, options);
    server.on('request', (req, res) => {
      fake.handle(req, res).catch((error: unknown) => {
        console.error('fake-whatsapp: request failed', error);
        if (!res.headersSent) send(res, failureAnswer('server-error'));
      });
    });
    return fake;
  }

  accepted(): RecordedRequest[] {
    return this.requests.filter((r) => r.answered === 200);
  }

  failNext(count: number, failure: Failure): void {
    for (let i = 0; i < count; i++) this.failQueue.push(failure);
  }

  failRecipient(to: string, failure: Failure | null): void {
    if (failure) this.recipientFailures.set(digitsOf(to), failure);
    else this.recipientFailures.delete(digitsOf(to));
  }

  onRequest(hook: Hook | null): void {
    this.hook = hook;
  }

  setWebhook(url: string | null): void {
    this.webhookUrl = url;
  }

  setStatuses(statuses: DeliveryStatus[]): void {
    this.statuses = [...statuses];
  }

  sign(rawBody: string): string {
    return signBody(this.appSecret, rawBody);
  }

  /** One signed status webhook, now and without retries; answers the receiver's HTTP status. */
  async postStatus(
    input: Omit<StatusInput, 'messageType'>,
    options: { signature?: string | null; url?: string } = {},
  ): Promise<number> {
    const messageType = this.requests.find((r) => r.wamid === input.wamid)?.type;
    return this.postWebhook(statusPayload(this.phone, { ...input, messageType }), options);
  }

  /** A customer's text arriving: opens the 24-hour window for free-form replies to `from`. */
  async postInbound(
    from: string,
    text: string,
    options: { signature?: string | null; url?: string } = {},
  ): Promise<number> {
    this.lastInbound.set(digitsOf(from), Date.now());
    return this.postWebhook(inboundPayload(this.phone, from, text, newWamid(from)), options);
  }

  waitFor(predicate: (r: RecordedRequest[]) => boolean, timeoutMs = 10_000): Promise<void> {
    const probe = () => (predicate(this.requests) ? true : undefined);
    const seen = () =>
      `requests: [${this.requests.map((r) => `${r.to} ${r.type} ${r.answered}`).join(', ')}]`;
    return this.waiters.until(probe, timeoutMs, seen).then(() => undefined);
  }

  /** Back to the start options; webhook deliveries still retrying are dropped, not leaked into the next test. */
  reset(): void {
    this.requests.length = 0;
    this.failQueue = [];
    this.recipientFailures.clear();
    this.lastInbound.clear();
    this.hook = null;
    this.webhookUrl = this.options.webhookUrl ?? null;
    this.statuses = [...(this.options.statuses ?? ['sent', 'delivered'])];
    this.delivery.stop();
    this.delivery = new WebhookDelivery();
  }

  async close(): Promise<void> {
    this.delivery.stop();
    await new Promise<void>((resolve) => {
      this.server.close(() => resolve());
      this.server.closeAllConnections();
    });
  }

  private notify(): void {
    this.waiters.notify();
  }

  private postWebhook(payload: unknown, options: { signature?: string | null; url?: string }) {
    const url = options.url ?? this.webhookUrl;
    if (!url) throw new Error('FakeWhatsApp: no webhook URL (setWebhook or options.url)');
    const raw = metaJson(payload);
    return postOnce(url, raw, options.signature === undefined ? this.sign(raw) : options.signature);
  }

  private async handle(req: http.IncomingMessage, res: http.ServerResponse): Promise<void> {
    const { pathname } = new URL(req.url ?? '/', 'http://fake.invalid');
    if (pathname.startsWith('/_fake/')) return handleInspection(this, req, res, pathname);
    const [version, id, edge, ...rest] = pathname.split('/').filter(Boolean);
    if (version === this.version && id && rest.length === 0) {
      if (req.method === 'POST' && edge === 'messages') return this.handleMessage(req, res, id);
      if (req.method === 'GET' && edge === undefined) return this.phoneInfo(req, res, id);
    }
    await readBody(req).catch(() => '');
    send(res, unsupported(req.method ?? 'GET', id ?? pathname));
  }

  private async phoneInfo(req: http.IncomingMessage, res: http.ServerResponse, id: string): Promise<void> {
    await readBody(req).catch(() => '');
    if (req.headers.authorization !== `Bearer ${this.token}`) send(res, invalidToken());
    else if (id !== this.phoneNumberId) send(res, unsupported('get', id));
    else send(res, phoneNumberAnswer(this.phone));
  }

  private async handleMessage(
    req: http.IncomingMessage,
    res: http.ServerResponse,
    id: string,
  ): Promise<void> {
    const raw = await readBody(req).catch(() => null);
    const body = parseJson(raw);
    const record = recordOf(req, body);
    this.requests.push(record);
    const refusal = this.refusal(record, id, raw === null);
    if (refusal === 'drop') {
      this.notify();
      req.socket.destroy();
      return;
    }
    if (refusal) {
      record.answered = refusal.status;
      this.notify();
      send(res, refusal);
      return;
    }
    // Accepted before the hook runs, as Meta has accepted it whether or not the client hears back.
    record.wamid = newWamid(record.to);
    record.answered = 200;
    this.notify();
    try {
      await this.hook?.(record);
    } catch (error) {
      // A failing hook is the test's own bug: show it as a refusal rather than a silent accept.
      console.error('fake-whatsapp: onRequest hook failed', error);
      record.wamid = undefined;
      record.answered = 500;
      this.notify();
      send(res, failureAnswer('server-error'));
      return;
    }
    send(res, acceptedAnswer(record.to, record.wamid));
    void this.sendStatuses(record);
  }

  /** The real API's order: token, object id, then the message itself; injected failures come after the token. */
  private refusal(record: RecordedRequest, id: string, tooLarge: boolean): GraphError | 'drop' | null {
    if (record.authorization !== `Bearer ${this.token}`) return invalidToken();
    if (id !== this.phoneNumberId) return unsupported('post', id);
    const failure = this.failQueue.shift() ?? this.recipientFailures.get(digitsOf(record.to));
    if (failure) return failure.kind === 'drop' ? 'drop' : failureAnswer(failure.kind);
    if (tooLarge) return invalidParameter('The request body is too large.');
    const invalid = validateMessage(record.body);
    if (invalid) return invalid;
    const lastInbound = this.lastInbound.get(digitsOf(record.to)) ?? 0;
    if (this.options.requireWindow && record.type === 'text' && Date.now() - lastInbound > WINDOW_MS) {
      return failureAnswer('reengagement');
    }
    return null;
  }

  /** The configured statuses in order, each its own signed webhook, each delivered before the next. */
  private async sendStatuses(record: RecordedRequest): Promise<void> {
    const url = this.webhookUrl;
    const { delivery } = this;
    if (!url || !record.wamid) return;
    for (const status of this.statuses) {
      const payload = statusPayload(this.phone, {
        wamid: record.wamid,
        status,
        recipient: record.to,
        clientRef: record.clientRef,
        messageType: record.type,
      });
      const raw = metaJson(payload);
      if (!(await delivery.deliver(url, raw, this.sign(raw)))) return;
    }
  }
}
