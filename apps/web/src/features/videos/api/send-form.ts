import type { Envelope } from '@parking-hub/contracts/envelope';
import { buildUrl } from '../../../lib/api-client';
import { ApiError } from '../../../lib/api-error';
import { currentLanguage, i18n } from '../../../lib/i18n';
import { sessionStore } from '../../../lib/session-store';

/** Bytes sent so far of a form's body; `total` 0 while the browser does not know it. */
export interface UploadProgress {
  loaded: number;
  total: number;
}

export interface SendFormOptions {
  onProgress?: (progress: UploadProgress) => void;
  /** Aborting cancels the upload (the server then removes what it received). */
  signal?: AbortSignal;
}

function failure(status: number, envelope: Partial<Envelope> | null): ApiError {
  return new ApiError({
    status,
    kind: 'http',
    message: envelope?.message || i18n.t('common:errors.http', { status }),
    messages: envelope?.messages,
  });
}

function parse(text: string): Partial<Envelope> | null {
  try {
    const value = JSON.parse(text) as unknown;
    return typeof value === 'object' && value !== null && 'status' in value ? (value as Envelope) : null;
  } catch {
    return null;
  }
}

/**
 * POSTs a multipart form the way the API client sends its calls (the bearer token, the UI language,
 * the same envelope and ApiError), reporting the upload's progress: fetch cannot, XMLHttpRequest
 * can. No time limit: a big video on a slow line takes what it takes; the caller may abort. A 401
 * rejects like any error: the caller refreshes a signed-in query, whose 401 signs the user out.
 */
export function sendForm<T>(
  path: string,
  form: FormData,
  options: SendFormOptions = {},
): Promise<Envelope<T>> {
  return new Promise((resolve, reject) => {
    if (options.signal?.aborted) return reject(new DOMException('Upload cancelled', 'AbortError'));
    const xhr = new XMLHttpRequest();
    xhr.open('POST', buildUrl(path));
    xhr.setRequestHeader('Accept', 'application/json');
    xhr.setRequestHeader('Accept-Language', currentLanguage());
    const token = sessionStore.getToken();
    if (token) xhr.setRequestHeader('Authorization', `Bearer ${token}`);
    xhr.upload.onprogress = (event) =>
      options.onProgress?.({ loaded: event.loaded, total: event.lengthComputable ? event.total : 0 });
    xhr.onload = () => {
      const envelope = parse(xhr.responseText);
      if (xhr.status >= 200 && xhr.status < 300 && envelope?.status === 'success')
        return resolve(envelope as Envelope<T>);
      if (!envelope && xhr.status >= 200 && xhr.status < 300)
        return reject(
          new ApiError({ status: xhr.status, kind: 'parse', message: i18n.t('common:errors.parse') }),
        );
      reject(failure(xhr.status, envelope));
    };
    xhr.onerror = () =>
      reject(new ApiError({ status: 0, kind: 'network', message: i18n.t('common:errors.network') }));
    xhr.onabort = () => reject(new DOMException('Upload cancelled', 'AbortError'));
    options.signal?.addEventListener('abort', () => xhr.abort(), { once: true });
    xhr.send(form);
  });
}

export const isAbort = (error: unknown) => error instanceof DOMException && error.name === 'AbortError';
