import type { Envelope, PageMeta } from '@parking-hub/contracts/envelope';
import { ApiError } from './api-error';
import { API_BASE, REQUEST_TIMEOUT_MS } from './config';
import { currentLanguage, i18n } from './i18n';
import { sessionStore } from './session-store';

export type QueryValue = string | number | boolean | null | undefined;

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  body?: unknown;
  query?: Record<string, QueryValue>;
  signal?: AbortSignal;
  /** The path is under the site root, not under the API base (`/gen-qr`, spec §7). */
  siteRoot?: boolean;
  /** The caller deals with a 401 itself (sign-in, the start-up session check). */
  skipUnauthorizedHandler?: boolean;
}

type UnauthorizedHandler = (error: ApiError) => void;
let onUnauthorized: UnauthorizedHandler = () => {};

/** The app decides what a 401 on an authenticated call means (sign out, tell, go to '/'). */
export function setUnauthorizedHandler(handler: UnauthorizedHandler): void {
  onUnauthorized = handler;
}

export function buildUrl(path: string, query?: Record<string, QueryValue>, siteRoot = false): string {
  const url = siteRoot ? path : `${API_BASE}${path}`;
  if (!query) return url;
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined && value !== null && value !== '') params.set(key, String(value));
  }
  const search = params.toString();
  return search ? `${url}?${search}` : url;
}

function clientError(kind: Exclude<ApiError['kind'], 'http'>, status = 0): ApiError {
  return new ApiError({ status, kind, message: i18n.t(`common:errors.${kind}`) });
}

function isEnvelope(value: unknown): value is Envelope {
  return typeof value === 'object' && value !== null && 'status' in value;
}

async function send(url: string, init: RequestInit, signal: AbortSignal | undefined): Promise<Response> {
  const controller = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, REQUEST_TIMEOUT_MS);
  const forwardAbort = () => controller.abort(signal?.reason);
  signal?.addEventListener('abort', forwardAbort, { once: true });
  try {
    return await fetch(url, { ...init, signal: controller.signal });
  } catch (error) {
    if (timedOut) throw clientError('timeout');
    // The caller cancelled (e.g. React Query dropping a query): let the abort through as it is.
    if (signal?.aborted) throw error;
    throw clientError('network');
  } finally {
    clearTimeout(timer);
    signal?.removeEventListener('abort', forwardAbort);
  }
}

/**
 * Calls the API and answers its envelope. Adds the bearer token and the UI language; throws an
 * ApiError for a non-2xx answer, an `error` envelope, and network, parse and timeout failures.
 * A FormData body goes as multipart (the browser writes its boundary); any other body as JSON.
 */
export async function apiRequest<T, M = PageMeta>(
  path: string,
  options: RequestOptions = {},
): Promise<Envelope<T, M>> {
  const { method = options.body === undefined ? 'GET' : 'POST', body, query, signal } = options;
  const token = sessionStore.getToken();
  const headers: Record<string, string> = {
    Accept: 'application/json',
    'Accept-Language': currentLanguage(),
  };
  if (token) headers.Authorization = `Bearer ${token}`;
  const multipart = body instanceof FormData;
  if (body !== undefined && !multipart) headers['Content-Type'] = 'application/json';

  const response = await send(
    buildUrl(path, query, options.siteRoot),
    { method, headers, body: body === undefined ? undefined : multipart ? body : JSON.stringify(body) },
    signal,
  );

  let envelope: unknown;
  try {
    envelope = await response.json();
  } catch {
    if (signal?.aborted) throw signal.reason;
    throw response.ok ? clientError('parse', response.status) : httpError(response.status);
  }
  if (!isEnvelope(envelope))
    throw response.ok ? clientError('parse', response.status) : httpError(response.status);

  if (!response.ok || envelope.status !== 'success') {
    const error = new ApiError({
      status: response.status,
      kind: 'http',
      message: envelope.message || i18n.t('common:errors.http', { status: response.status }),
      messages: envelope.messages,
    });
    if (response.status === 401 && token && !options.skipUnauthorizedHandler) onUnauthorized(error);
    throw error;
  }
  return envelope as Envelope<T, M>;
}

function httpError(status: number): ApiError {
  return new ApiError({ status, kind: 'http', message: i18n.t('common:errors.http', { status }) });
}

/** Shorthands; each answers the whole envelope (data, message, meta). */
export const api = {
  get: <T>(path: string, options?: Omit<RequestOptions, 'method' | 'body'>) =>
    apiRequest<T>(path, { ...options, method: 'GET' }),
  post: <T, M = PageMeta>(
    path: string,
    body: unknown = {},
    options?: Omit<RequestOptions, 'method' | 'body'>,
  ) => apiRequest<T, M>(path, { ...options, method: 'POST', body }),
  patch: <T>(path: string, body: unknown = {}, options?: Omit<RequestOptions, 'method' | 'body'>) =>
    apiRequest<T>(path, { ...options, method: 'PATCH', body }),
  delete: <T>(path: string, options?: Omit<RequestOptions, 'method' | 'body'>) =>
    apiRequest<T>(path, { ...options, method: 'DELETE' }),
};

/** The data of a success envelope; a success without data is a broken answer. */
export function dataOf<T>(envelope: Envelope<T, unknown>): T {
  if (envelope.data === undefined) throw clientError('parse');
  return envelope.data;
}
