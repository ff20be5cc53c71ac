import { randomBytes } from 'node:crypto';

/**
 * The Graph API side of the fake WhatsApp Cloud API: the error envelope, the failures a test can
 * inject, and the checks the real `/messages` endpoint makes before it accepts a message. Codes,
 * titles and HTTP statuses follow Meta's "Cloud API error codes" page.
 */

export type Failure =
  | { kind: 'rate-limit' }
  | { kind: 'pair-rate-limit' }
  | { kind: 'server-error' }
  | { kind: 'invalid-token' }
  | { kind: 'undeliverable' }
  | { kind: 'reengagement' }
  | { kind: 'drop' };

export type FailureKind = Failure['kind'];

export interface GraphError {
  status: number;
  body: {
    error: {
      message: string;
      type: string;
      code: number;
      error_data: { messaging_product: 'whatsapp'; details: string };
      fbtrace_id: string;
    };
  };
}

export function graphError(
  status: number,
  code: number,
  message: string,
  details: string,
  type = 'OAuthException',
): GraphError {
  return {
    status,
    body: {
      error: {
        message,
        type,
        code,
        error_data: { messaging_product: 'whatsapp', details },
        // Meta's trace ids are 23 base64-ish characters; clients log them, nothing parses them.
        fbtrace_id: `A${randomBytes(16).toString('base64url').slice(0, 22)}`,
      },
    },
  };
}

export function invalidToken(): GraphError {
  return graphError(
    401,
    190,
    'Error validating access token: The session is invalid because the user logged out.',
    'Invalid OAuth access token - Cannot parse access token',
  );
}

export function invalidParameter(details: string, code = 100): GraphError {
  const message = code === 100 ? '(#100) Invalid parameter' : `(#${code}) Parameter value is not valid`;
  return graphError(400, code, message, details);
}

/** The answer for an injected failure; `drop` has no answer (the socket is destroyed instead). */
export function failureAnswer(kind: Exclude<FailureKind, 'drop'>): GraphError {
  switch (kind) {
    case 'rate-limit':
      return graphError(
        429,
        130429,
        '(#130429) Rate limit hit',
        'Cloud API message throughput has been reached.',
      );
    case 'pair-rate-limit':
      return graphError(
        400,
        131056,
        '(#131056) (Business Account, Consumer Account) pair rate limit hit',
        'Message failed to send because there were too many messages sent from this phone number to the same phone number in a short period of time.',
      );
    case 'server-error':
      return graphError(
        500,
        131000,
        '(#131000) Something went wrong',
        'Message failed to send due to an unknown error.',
      );
    case 'invalid-token':
      return invalidToken();
    case 'undeliverable':
      return graphError(
        400,
        131026,
        '(#131026) Message Undeliverable',
        'Message failed to send because the recipient phone number is not a WhatsApp phone number or has not accepted the latest Terms of Service.',
      );
    case 'reengagement':
      return graphError(
        400,
        131047,
        '(#131047) Re-engagement message',
        'Message failed to send because more than 24 hours have passed since the customer last replied to this number.',
      );
  }
}

export const FAILURE_KINDS: readonly FailureKind[] = [
  'rate-limit',
  'pair-rate-limit',
  'server-error',
  'invalid-token',
  'undeliverable',
  'reengagement',
  'drop',
];

export function isFailure(value: unknown): value is Failure {
  const kind = (value as { kind?: unknown } | null)?.kind;
  return typeof kind === 'string' && (FAILURE_KINDS as readonly string[]).includes(kind);
}

const TEXT_LIMIT = 4096;
const OPAQUE_LIMIT = 512;

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * The checks of `POST /{phone-number-id}/messages`, in the order the real API reports them.
 * Answers the refusal, or null when the body is a message the API would accept.
 */
export function validateMessage(body: unknown): GraphError | null {
  if (!isObject(body)) return invalidParameter('The request body must be a JSON object.');
  if (body.messaging_product !== 'whatsapp') {
    return invalidParameter('The parameter messaging_product is required and must be "whatsapp".');
  }
  if (typeof body.to !== 'string' || body.to === '') return invalidParameter('The parameter to is required.');
  if (!/^\+?\d{5,15}$/.test(body.to)) {
    return invalidParameter(`Invalid WhatsApp phone number: ${body.to}`, 131009);
  }
  const opaque = body.biz_opaque_callback_data;
  if (opaque !== undefined && (typeof opaque !== 'string' || opaque.length > OPAQUE_LIMIT)) {
    return invalidParameter(
      `Param biz_opaque_callback_data must be a string of at most ${OPAQUE_LIMIT} characters.`,
    );
  }
  // The real API treats a missing type as 'text'.
  const type = body.type ?? 'text';
  if (type === 'text') return validateText(body.text);
  if (type === 'template') return validateTemplate(body.template);
  return invalidParameter(`Param type must be one of {TEXT, TEMPLATE} in this fake, got ${String(type)}.`);
}

function validateText(text: unknown): GraphError | null {
  if (!isObject(text) || typeof text.body !== 'string' || text.body === '') {
    return invalidParameter("The parameter text['body'] is required.");
  }
  if (text.body.length > TEXT_LIMIT) {
    return invalidParameter(`Param text['body'] must be at most ${TEXT_LIMIT} characters long.`);
  }
  return null;
}

function validateTemplate(template: unknown): GraphError | null {
  if (!isObject(template) || typeof template.name !== 'string' || template.name === '') {
    return invalidParameter("The parameter template['name'] is required.");
  }
  if (!isObject(template.language) || typeof template.language.code !== 'string' || !template.language.code) {
    return invalidParameter("The parameter template['language']['code'] is required.");
  }
  if (template.components !== undefined && !Array.isArray(template.components)) {
    return invalidParameter("Param template['components'] must be an array.");
  }
  return null;
}

export function digitsOf(phone: string): string {
  return phone.replace(/\D/g, '');
}

let sequence = 0;
/** A message id shaped like Meta's: 'wamid.' and base64 of an opaque, unique key. */
export function newWamid(to: string): string {
  sequence += 1;
  const key = `${digitsOf(to)}\u0015${sequence.toString(36)}${randomBytes(9).toString('hex').toUpperCase()}`;
  return `wamid.${Buffer.from(`HBgL${key}`).toString('base64')}`;
}
