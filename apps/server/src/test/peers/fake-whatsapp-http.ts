import type http from 'node:http';
import type { FakeWhatsApp, RecordedRequest } from './fake-whatsapp.ts';
import { digitsOf, type GraphError, graphError, isFailure } from './fake-whatsapp-graph.ts';
import type { BusinessPhone } from './fake-whatsapp-webhooks.ts';

/** The HTTP plumbing of the fake WhatsApp Cloud API, and its inspection calls for other processes. */

const BODY_LIMIT = 1024 * 1024;

export interface Answer {
  status: number;
  body: unknown;
}

export function send(res: http.ServerResponse, answer: Answer | GraphError): void {
  if (res.headersSent || res.destroyed) return;
  const headers: http.OutgoingHttpHeaders = { 'content-type': 'application/json; charset=UTF-8' };
  if (answer.status === 401) headers['www-authenticate'] = 'OAuth "Facebook Platform" "invalid_token"';
  res.writeHead(answer.status, headers).end(JSON.stringify(answer.body));
}

/** The body as text; rejects past 1 MiB (the rest is drained so the client still gets an answer). */
export function readBody(req: http.IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size <= BODY_LIMIT) chunks.push(chunk);
    });
    req.on('end', () => {
      if (size > BODY_LIMIT) reject(new Error('body too large'));
      else resolve(Buffer.concat(chunks).toString('utf8'));
    });
    req.on('error', reject);
  });
}

// biome-ignore lint/suspicious/noExplicitAny: a client's JSON, inspected field by field
export function parseJson(raw: string | null): any {
  if (raw === null || raw === '') return undefined;
  try {
    return JSON.parse(raw);
  } catch {
    return undefined;
  }
}

// biome-ignore lint/suspicious/noExplicitAny: a client's JSON, inspected field by field
export function recordOf(req: http.IncomingMessage, body: any): RecordedRequest {
  const opaque = body?.biz_opaque_callback_data;
  return {
    at: Date.now(),
    to: typeof body?.to === 'string' ? body.to : '',
    // The real API reads a missing type as 'text'.
    type: typeof body?.type === 'string' ? body.type : 'text',
    body,
    authorization: req.headers.authorization,
    clientRef: typeof opaque === 'string' ? opaque : undefined,
    wamid: undefined,
    answered: 0,
  };
}

export function acceptedAnswer(to: string, wamid: string): Answer {
  return {
    status: 200,
    body: {
      messaging_product: 'whatsapp',
      contacts: [{ input: to, wa_id: digitsOf(to) }],
      messages: [{ id: wamid }],
    },
  };
}

export function phoneNumberAnswer(phone: BusinessPhone): Answer {
  return {
    status: 200,
    body: {
      verified_name: 'Parking Hub Test',
      display_phone_number: phone.displayPhoneNumber,
      quality_rating: 'GREEN',
      id: phone.phoneNumberId,
    },
  };
}

/** Graph's answer for a path or object id it does not serve. */
export function unsupported(method: string, id: string): GraphError {
  return graphError(
    400,
    100,
    `Unsupported ${method.toLowerCase()} request. Object with ID '${id}' does not exist, cannot be loaded due to missing permissions, or does not support this operation.`,
    'Unsupported request',
    'GraphMethodException',
  );
}

/**
 * `/_fake/*`: what a test in another process (the browser tests) needs to see and steer.
 * GET requests; POST reset, fail-next {count, failure}, fail-recipient {to, failure|null},
 * inbound {from, text}.
 */
export async function handleInspection(
  fake: FakeWhatsApp,
  req: http.IncomingMessage,
  res: http.ServerResponse,
  path: string,
): Promise<void> {
  const input = parseJson(await readBody(req).catch(() => null));
  const ok = { status: 200, body: { ok: true } };
  const call = `${req.method} ${path}`;
  if (call === 'GET /_fake/requests') {
    send(res, { status: 200, body: fake.requests });
  } else if (call === 'POST /_fake/reset') {
    fake.reset();
    send(res, ok);
  } else if (call === 'POST /_fake/fail-next' && isFailure(input?.failure)) {
    fake.failNext(Number(input.count ?? 1), input.failure);
    send(res, ok);
  } else if (call === 'POST /_fake/fail-recipient' && typeof input?.to === 'string') {
    fake.failRecipient(input.to, isFailure(input.failure) ? input.failure : null);
    send(res, ok);
  } else if (call === 'POST /_fake/inbound' && typeof input?.from === 'string') {
    const webhookStatus = await fake.postInbound(input.from, String(input.text ?? ''));
    send(res, { status: 200, body: { ok: true, webhookStatus } });
  } else {
    send(res, { status: 400, body: { error: `unknown or malformed inspection call: ${call}` } });
  }
}
