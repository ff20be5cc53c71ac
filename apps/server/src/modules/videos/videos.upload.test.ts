import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { readFile, stat } from 'node:fs/promises';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import v8 from 'node:v8';
import vm from 'node:vm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { videos } from '../../db/schema/videos.ts';
import { createTestApp, signedIn, type TestApp } from '../../test/harness.ts';
import { filesIn, WEBM_HEAD } from './videos.test-support.ts';
import { UPLOAD_CHUNK, type UploadClientOptions } from './videos.upload-client.ts';

/**
 * Uploads as a phone sends them: over a real socket, the video generated as it goes (never a
 * buffer in the test either), so the server's streaming, limits and clean-up are what is tested.
 */

const MB = 1024 * 1024;
/** Byte `i` of the generated content after the header (as the client makes it). */
const contentByte = (i: number) => Math.floor(i / UPLOAD_CHUNK) & 0xff;
const repoRoot = path.resolve(import.meta.dirname, '../../../../..');
const clientScript = path.join(import.meta.dirname, 'videos.upload-client.ts');

interface Answer {
  status: number;
  body: {
    status: string;
    message?: string;
    messages?: Record<string, string>;
    data?: Record<string, unknown>;
  };
  sha256: string;
}

/** The upload client in a process of its own; `answer` settles when it prints the server's answer. */
function startUpload(o: Partial<UploadClientOptions> & Pick<UploadClientOptions, 'port' | 'token' | 'size'>) {
  const options: UploadClientOptions = {
    fields: { title: 'ວິດີໂອໃຫຍ່' },
    headHex: WEBM_HEAD.toString('hex'),
    declareLength: true,
    ...o,
  };
  const child = spawn(process.execPath, ['--import', 'tsx', clientScript, JSON.stringify(options)], {
    cwd: repoRoot,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  let err = '';
  child.stdout.on('data', (c) => {
    out += c;
  });
  child.stderr.on('data', (c) => {
    err += c;
  });
  const answer = new Promise<Answer>((resolve, reject) => {
    child.on('error', reject);
    child.on('close', (code, signal) =>
      out
        ? resolve(JSON.parse(out) as Answer)
        : reject(new Error(`upload client ended (${code ?? signal}): ${err}`)),
    );
  });
  return { child, answer };
}

const streamUpload = (o: Parameters<typeof startUpload>[0]) => startUpload(o).answer;

/** Headers that announce `length` bytes and no body yet: the answer that comes without reading it. */
function declaredOnly(port: number, token: string, length: number, lang: string) {
  return new Promise<{ status: number; message: string }>((resolve, reject) => {
    const req = http.request({
      host: '127.0.0.1',
      port,
      method: 'POST',
      path: '/parking-hub-api/v1/video/create',
      headers: {
        authorization: `Bearer ${token}`,
        'accept-language': lang,
        'content-type': 'multipart/form-data; boundary=x',
        'content-length': String(length),
      },
    });
    req.on('response', (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => {
        req.destroy();
        resolve({
          status: res.statusCode ?? 0,
          message: JSON.parse(Buffer.concat(chunks).toString()).message,
        });
      });
    });
    req.on('error', reject);
    req.flushHeaders();
  });
}

/** V8's full collection, taken at run time (the test runner does not start Node with --expose-gc). */
v8.setFlagsFromString('--expose-gc');
const collect = vm.runInNewContext('gc') as () => void;

/**
 * The peak rise of live memory (JS heap and buffers, garbage collected before each look) while
 * `run` goes, sampled every 100 ms. Garbage is what streaming leaves behind chunk by chunk; what
 * stays live is what a server holding the upload would keep.
 */
async function livePeak<T>(run: () => Promise<T>) {
  const live = () => {
    collect();
    const m = process.memoryUsage();
    return { js: m.heapUsed + m.arrayBuffers, rss: m.rss };
  };
  const base = live();
  const peak = { ...base };
  const timer = setInterval(() => {
    const now = live();
    peak.js = Math.max(peak.js, now.js);
    peak.rss = Math.max(peak.rss, now.rss);
  }, 100);
  try {
    const result = await run();
    return { result, js: peak.js - base.js, rss: peak.rss - base.rss, after: live().js - base.js };
  } finally {
    clearInterval(timer);
  }
}

async function listening(env: Record<string, string> = {}) {
  const t = await createTestApp(env);
  await t.app.listen({ host: '127.0.0.1', port: 0 });
  const port = (t.app.server.address() as AddressInfo).port;
  const { token } = await signedIn(t, 'ADMIN');
  return { t, port, token };
}

const rows = (t: TestApp) => t.db.$count(videos);

describe('a 50 MB video streamed to the default server', () => {
  let s: Awaited<ReturnType<typeof listening>>;
  beforeAll(async () => {
    s = await listening();
  });
  afterAll(() => s.t.close());

  let stored: { filePath: string; sizeBytes: number };
  it('is written to disk as it arrives, the server’s memory staying flat, past the 1 MB JSON body limit', async () => {
    const size = 50 * MB;
    expect(s.t.config.bodyLimit).toBeLessThan(size);
    const { result, js, rss, after } = await livePeak(() =>
      streamUpload({ port: s.port, token: s.token, size }),
    );
    expect([result.status, result.body.status], JSON.stringify(result.body)).toEqual([201, 'success']);
    const data = result.body.data as { filePath: string; sizeBytes: number; mimeType: string };
    expect([data.sizeBytes, data.mimeType]).toEqual([WEBM_HEAD.length + size, 'video/webm']);
    // The whole video held in memory would be 50 MB live at least; streamed, a few chunks are.
    const mb = (n: number) => `${(n / MB).toFixed(1)} MB`;
    process.stdout.write(
      `50 MB upload: live heap+buffers peak +${mb(js)}, after +${mb(after)}; rss peak +${mb(rss)}\n`,
    );
    // Chunks in flight come and go (a few MB at a moment); none stays.
    expect(js).toBeLessThan(20 * MB);
    expect(after).toBeLessThan(4 * MB);
    const file = path.join(s.t.config.uploadsDir, data.filePath.replace(/^\/uploads\//, ''));
    expect((await stat(file)).size).toBe(WEBM_HEAD.length + size);
    expect(
      createHash('sha256')
        .update(await readFile(file))
        .digest('hex'),
    ).toBe(result.sha256);
    expect(await filesIn(s.t, 'videos')).toEqual([path.basename(data.filePath)]);
    stored = data;
  });

  it('is served with range requests (206 and the right bytes), so a phone can seek', async () => {
    const url = `http://127.0.0.1:${s.port}${stored.filePath}`;
    const from = WEBM_HEAD.length + 3 * UPLOAD_CHUNK - 10;
    const res = await fetch(url, {
      headers: { range: `bytes=${from}-${from + 19}`, 'accept-encoding': 'gzip, br' },
    });
    expect([res.status, res.headers.get('content-range'), res.headers.get('content-length')]).toEqual([
      206,
      `bytes ${from}-${from + 19}/${stored.sizeBytes}`,
      '20',
    ]);
    expect(res.headers.get('content-encoding')).toBeNull();
    const expected = Array.from({ length: 20 }, (_, i) => contentByte(from + i - WEBM_HEAD.length));
    expect([...new Uint8Array(await res.arrayBuffer())]).toEqual(expected);

    const tail = await fetch(url, { headers: { range: 'bytes=-4' } });
    expect([tail.status, tail.headers.get('content-range')]).toEqual([
      206,
      `bytes ${stored.sizeBytes - 4}-${stored.sizeBytes - 1}/${stored.sizeBytes}`,
    ]);
    const last = contentByte(stored.sizeBytes - 1 - WEBM_HEAD.length);
    expect([...new Uint8Array(await tail.arrayBuffer())]).toEqual([last, last, last, last]);
    const head = await fetch(url, { headers: { range: 'bytes=0-3' } });
    expect(Buffer.from(await head.arrayBuffer()).equals(WEBM_HEAD.subarray(0, 4))).toBe(true);
    const beyond = await fetch(url, { headers: { range: `bytes=${stored.sizeBytes}-` } });
    expect(beyond.status).toBe(416);
  });

  it('leaves no file and no row when the client goes away mid-upload', async () => {
    const before = await rows(s.t);
    const { child, answer } = startUpload({
      port: s.port,
      token: s.token,
      size: 30 * MB,
      pauseAfter: 8 * MB,
    });
    answer.catch(() => {});
    // The upload is on disk under its temporary name, most of what was sent already written…
    const temp = async () => {
      const name = (await filesIn(s.t, 'videos')).find((n) => n.startsWith('.upload-'));
      return name ? (await stat(path.join(s.t.config.uploadsDir, 'videos', name))).size : 0;
    };
    await expect.poll(temp, { timeout: 10_000 }).toBeGreaterThan(7 * MB);
    // …when the phone loses its connection.
    child.kill('SIGKILL');
    await expect
      .poll(() => filesIn(s.t, 'videos'), { timeout: 5_000 })
      .toEqual([path.basename(stored.filePath)]);
    expect(await rows(s.t)).toBe(before);
  });

  it('refuses a file that is not a video by its first bytes, without taking the rest', async () => {
    const before = await rows(s.t);
    const started = Date.now();
    const answer = await streamUpload({
      port: s.port,
      token: s.token,
      size: 20 * MB,
      headHex: Buffer.from('This is a text file named x.mp4. '.repeat(10)).toString('hex'),
    });
    expect([answer.status, answer.body.message]).toEqual([400, 'ໄຟລ໌ວິດີໂອຕ້ອງເປັນ MP4 ຫຼື WebM']);
    expect(Date.now() - started).toBeLessThan(10_000);
    expect(await filesIn(s.t, 'videos')).toEqual([path.basename(stored.filePath)]);
    expect(await rows(s.t)).toBe(before);
  });
});

describe('VIDEO_MAX_MB', () => {
  let s: Awaited<ReturnType<typeof listening>>;
  beforeAll(async () => {
    s = await listening({ VIDEO_MAX_MB: '1' });
  });
  afterAll(() => s.t.close());

  const tooLarge = 'ໄຟລ໌ວິດີໂອໃຫຍ່ເກີນໄປ (ບໍ່ເກີນ 1 MB)';

  it('refuses a stream past the limit with 413 in Lao, its temporary file gone, no row', async () => {
    const answer = await streamUpload({ port: s.port, token: s.token, size: 3 * MB, declareLength: false });
    expect([answer.status, answer.body.message, answer.body.messages]).toEqual([
      413,
      tooLarge,
      { file: tooLarge },
    ]);
    expect(await filesIn(s.t, 'videos')).toEqual([]);
    expect(await rows(s.t)).toBe(0);
  });

  it('refuses a declared length past the limit before reading the body, in English when asked', async () => {
    const answer = await streamUpload({ port: s.port, token: s.token, size: 8 * MB });
    expect([answer.status, answer.body.message]).toEqual([413, tooLarge]);
    const english = await declaredOnly(s.port, s.token, 20 * MB, 'en');
    expect(english).toEqual({ status: 413, message: 'The video file is too large (at most 1 MB)' });
    expect(await filesIn(s.t, 'videos')).toEqual([]);
    expect(await rows(s.t)).toBe(0);
  });

  it('keeps a video of exactly the limit', async () => {
    const answer = await streamUpload({ port: s.port, token: s.token, size: MB - WEBM_HEAD.length });
    expect([answer.status, (answer.body.data as { sizeBytes: number }).sizeBytes]).toEqual([201, MB]);
    expect(await filesIn(s.t, 'videos')).toHaveLength(1);
  });
});
