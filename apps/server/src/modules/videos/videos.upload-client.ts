/**
 * A phone uploading a video, for videos.upload.test.ts: run as its own process
 * (`node --import tsx videos.upload-client.ts '<json>'`) so the test process's memory is the
 * server's alone, and so killing it is a client really going away. The file is generated as it is
 * sent (never a buffer): `head`, then `size` bytes where byte i is `floor(i / 65536) mod 256`.
 * Prints `{ status, body, sha256 }` of the answer as one JSON line.
 */
import { createHash, randomBytes } from 'node:crypto';
import http from 'node:http';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';

export interface UploadClientOptions {
  port: number;
  token: string;
  fields: Record<string, string>;
  /** The file's first bytes, as hex. */
  headHex: string;
  size: number;
  /** Send Content-Length (as browsers do); false: chunked, the length unknown up front. */
  declareLength: boolean;
  /** Stop sending after this many bytes of content and wait (to be killed). */
  pauseAfter?: number;
}

export const UPLOAD_CHUNK = 64 * 1024;

function upload(o: UploadClientOptions) {
  const boundary = `----ph${randomBytes(8).toString('hex')}`;
  const head = Buffer.from(o.headHex, 'hex');
  const text = Object.entries(o.fields)
    .map(([k, v]) => `--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`)
    .join('');
  const preamble = Buffer.from(
    `${text}--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="big.webm"\r\n` +
      'Content-Type: video/webm\r\n\r\n',
  );
  const epilogue = Buffer.from(`\r\n--${boundary}--\r\n`);
  const hash = createHash('sha256').update(head);
  async function* generate() {
    yield preamble;
    yield head;
    for (let sent = 0; sent < o.size; sent += UPLOAD_CHUNK) {
      if (o.pauseAfter !== undefined && sent >= o.pauseAfter) await new Promise(() => {});
      const chunk = Buffer.alloc(
        Math.min(UPLOAD_CHUNK, o.size - sent),
        Math.floor(sent / UPLOAD_CHUNK) & 0xff,
      );
      hash.update(chunk);
      yield chunk;
    }
    yield epilogue;
  }
  const total = preamble.length + head.length + o.size + epilogue.length;
  const req = http.request({
    host: '127.0.0.1',
    port: o.port,
    method: 'POST',
    path: '/parking-hub-api/v1/video/create',
    headers: {
      authorization: `Bearer ${o.token}`,
      'content-type': `multipart/form-data; boundary=${boundary}`,
      ...(o.declareLength ? { 'content-length': String(total) } : { 'transfer-encoding': 'chunked' }),
    },
  });
  req.on('response', (res) => {
    const chunks: Buffer[] = [];
    res.on('data', (c: Buffer) => chunks.push(c));
    res.on('end', () => {
      const body = JSON.parse(Buffer.concat(chunks).toString());
      process.stdout.write(
        `${JSON.stringify({ status: res.statusCode, body, sha256: hash.digest('hex') })}\n`,
      );
      process.exit(0);
    });
  });
  // A refusal may come before the body is all sent: the answer above is what counts.
  pipeline(Readable.from(generate()), req).catch(() => {});
}

// Run as a script (imported by the test only for its types and constants).
if (process.argv[1] && path.resolve(process.argv[1]) === import.meta.filename)
  upload(JSON.parse(process.argv[2] ?? '{}') as UploadClientOptions);
