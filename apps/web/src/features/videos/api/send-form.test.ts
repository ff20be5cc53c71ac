import { afterEach, beforeEach, describe, expect, it } from 'vitest';

// The browser's storage and XMLHttpRequest, for the node test environment.
const stored = new Map<string, string>();
Object.assign(globalThis, {
  window: {
    localStorage: {
      getItem: (k: string) => stored.get(k) ?? null,
      setItem: (k: string, v: string) => void stored.set(k, v),
      removeItem: (k: string) => void stored.delete(k),
    },
  },
});

class FakeXhr {
  static sent: FakeXhr[] = [];
  method = '';
  url = '';
  headers: Record<string, string> = {};
  body: unknown;
  status = 0;
  responseText = '';
  aborted = false;
  upload: { onprogress: ((e: { loaded: number; total: number; lengthComputable: boolean }) => void) | null } =
    {
      onprogress: null,
    };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  onabort: (() => void) | null = null;
  open(method: string, url: string) {
    this.method = method;
    this.url = url;
  }
  setRequestHeader(name: string, value: string) {
    this.headers[name] = value;
  }
  send(body: unknown) {
    this.body = body;
    FakeXhr.sent.push(this);
  }
  abort() {
    this.aborted = true;
    this.onabort?.();
  }
  progress(loaded: number, total: number) {
    this.upload.onprogress?.({ loaded, total, lengthComputable: total > 0 });
  }
  respond(status: number, body: unknown) {
    this.status = status;
    this.responseText = typeof body === 'string' ? body : JSON.stringify(body);
    this.onload?.();
  }
}
Object.assign(globalThis, { XMLHttpRequest: FakeXhr });

const { sendForm, isAbort } = await import('./send-form');
const { ApiError } = await import('../../../lib/api-error');
const { TOKEN_STORAGE_KEY } = await import('../../../lib/config');

const last = () => FakeXhr.sent.at(-1) as FakeXhr;

describe('sendForm', () => {
  beforeEach(() => {
    FakeXhr.sent = [];
    stored.set(TOKEN_STORAGE_KEY, 'secret-token');
  });
  afterEach(() => stored.clear());

  it('POSTs the form under the API base with the bearer token and language, reporting progress', async () => {
    const form = new FormData();
    form.append('title', 'x');
    const seen: Array<[number, number]> = [];
    const answer = sendForm('/v1/video/create', form, { onProgress: (p) => seen.push([p.loaded, p.total]) });
    const xhr = last();
    expect([xhr.method, xhr.url, xhr.body]).toEqual(['POST', '/parking-hub-api/v1/video/create', form]);
    expect(xhr.headers).toEqual({
      Accept: 'application/json',
      'Accept-Language': 'lo',
      Authorization: 'Bearer secret-token',
    });
    xhr.progress(512, 2048);
    xhr.progress(2048, 2048);
    xhr.progress(10, 0);
    xhr.respond(201, { status: 'success', message: 'ສ້າງສຳເລັດ', data: { id: 'v1' } });
    expect(await answer).toEqual({ status: 'success', message: 'ສ້າງສຳເລັດ', data: { id: 'v1' } });
    expect(seen).toEqual([
      [512, 2048],
      [2048, 2048],
      [10, 0],
    ]);
  });

  it('sends no Authorization header without a session', async () => {
    stored.clear();
    const answer = sendForm('/v1/video/create', new FormData());
    expect(last().headers.Authorization).toBeUndefined();
    last().respond(401, { status: 'error', message: 'ກະລຸນາເຂົ້າສູ່ລະບົບ' });
    await expect(answer).rejects.toMatchObject({ status: 401, message: 'ກະລຸນາເຂົ້າສູ່ລະບົບ' });
  });

  it('rejects a refusal as the API client does: an ApiError with the envelope’s message and fields', async () => {
    const answer = sendForm('/v1/video/create', new FormData());
    last().respond(413, {
      status: 'error',
      message: 'ໄຟລ໌ວິດີໂອໃຫຍ່ເກີນໄປ (ບໍ່ເກີນ 200 MB)',
      messages: { file: 'ໄຟລ໌ວິດີໂອໃຫຍ່ເກີນໄປ (ບໍ່ເກີນ 200 MB)' },
    });
    const error = await answer.catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      status: 413,
      kind: 'http',
      message: 'ໄຟລ໌ວິດີໂອໃຫຍ່ເກີນໄປ (ບໍ່ເກີນ 200 MB)',
      messages: { file: 'ໄຟລ໌ວິດີໂອໃຫຍ່ເກີນໄປ (ບໍ່ເກີນ 200 MB)' },
    });
  });

  it('tells a network failure, an answer that is not an envelope, and a cancel apart', async () => {
    const lost = sendForm('/v1/video/create', new FormData());
    last().onerror?.();
    await expect(lost).rejects.toMatchObject({ kind: 'network', status: 0 });

    const garbled = sendForm('/v1/video/create', new FormData());
    last().respond(200, '<html>proxy</html>');
    await expect(garbled).rejects.toMatchObject({ kind: 'parse' });

    const broken = sendForm('/v1/video/create', new FormData());
    last().respond(502, '<html>bad gateway</html>');
    await expect(broken).rejects.toMatchObject({ kind: 'http', status: 502 });

    const controller = new AbortController();
    const cancelled = sendForm('/v1/video/create', new FormData(), { signal: controller.signal });
    controller.abort();
    expect(last().aborted).toBe(true);
    expect(isAbort(await cancelled.catch((e: unknown) => e))).toBe(true);

    const before = FakeXhr.sent.length;
    const never = sendForm('/v1/video/create', new FormData(), { signal: controller.signal });
    expect(isAbort(await never.catch((e: unknown) => e))).toBe(true);
    expect(FakeXhr.sent.length).toBe(before);
  });
});
