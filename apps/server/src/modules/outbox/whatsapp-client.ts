import type { WhatsappConnection } from '@parking-hub/contracts/messaging';
import type { WhatsappConfig } from '../../config.ts';
import { errorText, REQUEST_TIMEOUT_MS, type SendOutcome } from './send-outcome.ts';

export type WhatsappPayload =
  | { type: 'text'; text: string }
  | { type: 'template'; name: string; language: string; bodyParams: string[]; urlButtonParam?: string };

interface GraphError {
  message?: string;
  code?: number;
  error_subcode?: number;
  error_data?: { details?: string };
}

/** Graph error codes that mean "slow down", not "this message is bad" (Cloud API error codes). */
const WAIT_CODES: Record<number, number> = {
  4: 60, // application request limit
  80007: 60, // WABA rate limit
  130429: 2, // throughput limit
  131048: 60, // spam rate limit
};
/** The pair rate limit: about one message per 6 s to one number; wait one gap (at least a second). */
const PAIR_LIMIT = 131056;
/** Codes worth retrying later: the API's own trouble, or settings that an admin may fix. */
const TRANSIENT_CODES = new Set([1, 2, 190, 131000, 131016, 133004]);

/** Connection errors that happen before a request is sent. */
const NOT_SENT = new Set([
  'ECONNREFUSED',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'UND_ERR_CONNECT_TIMEOUT',
]);

/**
 * The WhatsApp Business Cloud API over HTTPS: `POST {base}/{phone-number-id}/messages` with the
 * bearer token. Each message carries its outbox id as `biz_opaque_callback_data`, which the
 * status webhooks echo: that is how a cut-off attempt is recognised (decision 011).
 */
export class WhatsappClient {
  constructor(private readonly cfg: WhatsappConfig) {}

  /** Settings that are missing (names of environment variables); empty when it can send. */
  static missing(cfg: WhatsappConfig): string[] {
    const out: string[] = [];
    if (!cfg.phoneNumberId) out.push('WHATSAPP_PHONE_NUMBER_ID');
    if (!cfg.token) out.push('WHATSAPP_TOKEN');
    return out;
  }

  async send(to: string, payload: WhatsappPayload, clientRef: string): Promise<SendOutcome> {
    const body: Record<string, unknown> = {
      messaging_product: 'whatsapp',
      recipient_type: 'individual',
      to: to.replace(/^\+/, ''),
      biz_opaque_callback_data: clientRef,
    };
    if (payload.type === 'text') {
      body.type = 'text';
      body.text = { preview_url: true, body: payload.text };
    } else {
      const components: unknown[] = [];
      if (payload.bodyParams.length) {
        components.push({
          type: 'body',
          parameters: payload.bodyParams.map((text) => ({ type: 'text', text })),
        });
      }
      if (payload.urlButtonParam !== undefined) {
        components.push({
          type: 'button',
          sub_type: 'url',
          index: '0',
          parameters: [{ type: 'text', text: payload.urlButtonParam }],
        });
      }
      body.type = 'template';
      body.template = { name: payload.name, language: { code: payload.language }, components };
    }
    let res: Response;
    try {
      res = await fetch(`${this.cfg.apiUrl}/${this.cfg.phoneNumberId}/messages`, {
        method: 'POST',
        headers: { authorization: `Bearer ${this.cfg.token}`, 'content-type': 'application/json' },
        body: JSON.stringify(body),
        signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
      });
    } catch (err) {
      const e = err as Error & { cause?: { code?: string } };
      const code = e.cause?.code;
      const error = errorText(`WhatsApp API: ${e.message}${code ? ` (${code})` : ''}`);
      // Refused or never reached: the request did not go. Broken or timed out: it may have.
      return NOT_SENT.has(code ?? '') ? { kind: 'transient', error } : { kind: 'unknown', error };
    }
    const json = (await res.json().catch(() => null)) as {
      messages?: Array<{ id?: string }>;
      error?: GraphError;
    } | null;
    if (res.ok) return { kind: 'sent', providerId: json?.messages?.[0]?.id ?? null };
    return classify(res, json?.error, Math.max(1, this.cfg.recipientGapSeconds));
  }

  /** The phone number's details, which also proves the token and the id. */
  async check(): Promise<Omit<WhatsappConnection, 'checkedAt' | 'missing'>> {
    const none = { phoneNumber: null, verifiedName: null, qualityRating: null };
    const url = `${this.cfg.apiUrl}/${this.cfg.phoneNumberId}?fields=display_phone_number,verified_name,quality_rating`;
    try {
      const res = await fetch(url, {
        headers: { authorization: `Bearer ${this.cfg.token}` },
        signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
      });
      const json = (await res.json().catch(() => null)) as Record<string, unknown> & { error?: GraphError };
      if (!res.ok) {
        const e = json?.error;
        return {
          state: 'ERROR',
          ...none,
          error: errorText(
            `HTTP ${res.status}${e?.code ? ` (${e.code})` : ''}: ${e?.message ?? res.statusText}`,
          ),
        };
      }
      return {
        state: 'CONNECTED',
        phoneNumber: typeof json.display_phone_number === 'string' ? json.display_phone_number : null,
        verifiedName: typeof json.verified_name === 'string' ? json.verified_name : null,
        qualityRating: typeof json.quality_rating === 'string' ? json.quality_rating : null,
        error: null,
      };
    } catch (err) {
      return {
        state: 'ERROR',
        ...none,
        error: errorText(`WhatsApp API unreachable: ${(err as Error).message}`),
      };
    }
  }
}

function classify(res: Response, e: GraphError | undefined, pairWaitSeconds: number): SendOutcome {
  const code = e?.code;
  const detail = [e?.message, e?.error_data?.details].filter(Boolean).join(': ') || res.statusText;
  const error = errorText(`HTTP ${res.status}${code ? ` (${code})` : ''}: ${detail}`);
  const base = { error, httpStatus: res.status, ...(code ? { code: String(code) } : {}) };
  const retryAfter = Number(res.headers.get('retry-after'));
  if (code === PAIR_LIMIT) return { kind: 'wait', seconds: pairWaitSeconds, ...base };
  if (code !== undefined && code in WAIT_CODES) {
    return { kind: 'wait', seconds: retryAfter > 0 ? retryAfter : (WAIT_CODES[code] ?? 5), ...base };
  }
  if (res.status === 429) return { kind: 'wait', seconds: retryAfter > 0 ? retryAfter : 5, ...base };
  if (res.status >= 500 || res.status === 401 || (code !== undefined && TRANSIENT_CODES.has(code))) {
    return { kind: 'transient', ...base };
  }
  return { kind: 'permanent', ...base };
}
