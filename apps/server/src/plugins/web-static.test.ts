import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerWebStatic } from './web-static.ts';

/** A web build as Vite writes it: hashed assets with their .br and .gz beside them. */
function fakeBuild(): string {
  const dist = mkdtempSync(path.join(tmpdir(), 'ph-web-static-'));
  mkdirSync(path.join(dist, 'assets'));
  const files: Record<string, string> = {
    'index.html': '<!doctype html><div id="root"></div>',
    'assets/index-AbC123.js': `console.log(${JSON.stringify('x'.repeat(4000))});`,
  };
  for (const [name, text] of Object.entries(files)) {
    writeFileSync(path.join(dist, name), text);
    writeFileSync(path.join(dist, `${name}.br`), brotliCompressSync(text));
    writeFileSync(path.join(dist, `${name}.gz`), gzipSync(text));
  }
  return dist;
}

describe('the web build as served', () => {
  let dist: string;
  let app: FastifyInstance;
  beforeAll(async () => {
    dist = fakeBuild();
    app = Fastify();
    app.decorateRequest('lang', 'lo');
    await registerWebStatic(app, dist);
  });
  afterAll(async () => {
    await app.close();
    rmSync(dist, { recursive: true, force: true });
  });

  it('sends hashed assets pre-compressed (brotli, else gzip) and cached for a year, immutable', async () => {
    const br = await app.inject({
      url: '/assets/index-AbC123.js',
      headers: { 'accept-encoding': 'br, gzip' },
    });
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const gz = await app.inject({ url: '/assets/index-AbC123.js', headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
  });

  it('answers client routes with index.html, revalidated every time', async () => {
    for (const url of ['/', '/app', '/app/users?role=SHOP', '/bill/ABC']) {
      const res = await app.inject({ url, headers: { 'accept-encoding': 'br' } });
      expect(res.statusCode).toBe(200);
      expect(res.headers['cache-control']).toBe('no-cache');
      expect(res.headers['content-type']).toMatch(/^text\/html/);
    }
  });

  it('answers a missing asset 404, not the page', async () => {
    const res = await app.inject({ url: '/assets/gone-123.js' });
    expect(res.statusCode).toBe(404);
  });
});
