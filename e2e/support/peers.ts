import type { APIRequestContext } from '@playwright/test';
import type { Failure, RecordedRequest } from '../../apps/server/src/test/peers/fake-whatsapp.ts';
import type { ReceivedMail } from '../../apps/server/src/test/peers/smtp-sink.ts';
import { SLOT, slotPorts } from './slots.ts';

/**
 * The browser tests' view of the peers process (support/peers-server.ts): the fake WhatsApp Cloud
 * API and the SMTP sink the server under test talks to, and the calls to read and steer them.
 * The peers live in another process, so specs reach them over HTTP, never through objects.
 */

/** This worker's peers (support/slots.ts: one set per worker). */
export const PEER_PORTS = slotPorts(SLOT);

/** What the server under test is configured with (WHATSAPP_*, SMTP_URL). */
export const PEERS = {
  smtpUrl: `smtp://127.0.0.1:${PEER_PORTS.smtp}`,
  waUrl: `http://127.0.0.1:${PEER_PORTS.whatsapp}/v23.0`,
  token: 'test-wa-token',
  phoneNumberId: '1234567890',
  appSecret: 'test-app-secret',
  verifyToken: 'test-verify-token',
  /** Where the fake posts its status webhooks: the slot's server under test. */
  webhookUrl: `http://127.0.0.1:${PEER_PORTS.app}/parking-hub-api/bot/v1/whatsapp/webhook`,
  /** The peers process's own inspection server: /health, /mails, /whatsapp, /reset. */
  inspectUrl: `http://127.0.0.1:${PEER_PORTS.inspect}`,
} as const;

const fakeWhatsappBase = `http://127.0.0.1:${PEER_PORTS.whatsapp}/_fake`;

async function getJson<T>(request: APIRequestContext, url: string): Promise<T> {
  const res = await request.get(url);
  if (!res.ok()) throw new Error(`GET ${url}: ${res.status()} ${await res.text()}`);
  return (await res.json()) as T;
}

async function postJson(request: APIRequestContext, url: string, data: unknown = {}) {
  const res = await request.post(url, { data });
  if (!res.ok()) throw new Error(`POST ${url}: ${res.status()} ${await res.text()}`);
  return (await res.json()) as Record<string, unknown>;
}

/** Polls until `find` answers something; the peers are in another process, so there is no event to await. */
async function poll<T>(what: string, find: () => Promise<T | undefined>, timeoutMs: number): Promise<T> {
  const end = Date.now() + timeoutMs;
  for (;;) {
    const found = await find();
    if (found !== undefined) return found;
    if (Date.now() > end) throw new Error(`no matching ${what} within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

export function peerMails(request: APIRequestContext): Promise<ReceivedMail[]> {
  return getJson(request, `${PEERS.inspectUrl}/mails`);
}

export function waitForMail(
  request: APIRequestContext,
  predicate: (mail: ReceivedMail) => boolean,
  timeoutMs = 15_000,
): Promise<ReceivedMail> {
  return poll('mail', async () => (await peerMails(request)).find(predicate), timeoutMs);
}

/** Every message POST the fake WhatsApp received, accepted or refused, in order. */
export function peerWhatsapp(request: APIRequestContext): Promise<RecordedRequest[]> {
  return getJson(request, `${PEERS.inspectUrl}/whatsapp`);
}

export function waitForWhatsapp(
  request: APIRequestContext,
  predicate: (message: RecordedRequest) => boolean,
  timeoutMs = 15_000,
): Promise<RecordedRequest> {
  return poll('WhatsApp message', async () => (await peerWhatsapp(request)).find(predicate), timeoutMs);
}

/** Forgets mail and messages, and the fake WhatsApp's injected failures. */
export async function resetPeers(request: APIRequestContext): Promise<void> {
  await postJson(request, `${PEERS.inspectUrl}/reset`);
}

/** The next `count` message POSTs answer this failure (see fake-whatsapp-graph.ts for the codes). */
export async function failWhatsappNext(request: APIRequestContext, count: number, failure: Failure) {
  await postJson(request, `${fakeWhatsappBase}/fail-next`, { count, failure });
}

/** A customer writes first: the fake posts the signed inbound webhook to the server under test. */
export async function whatsappInbound(request: APIRequestContext, from: string, text: string) {
  return (await postJson(request, `${fakeWhatsappBase}/inbound`, { from, text })).webhookStatus as number;
}
