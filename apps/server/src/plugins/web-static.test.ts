import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gzipSync } from 'node:zlib';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inlineScriptHashes, preloadLinks, registerWebStatic, withScriptSources } from './web-static.ts';

const INLINE_SCRIPT = 'window.early = "ລາວ";';
const POLICY = "default-src 'self';script-src 'self';style-src 'self' 'unsafe-inline'";

/** A web build as Vite writes it: hashed assets with their .br and .gz beside them. */
function fakeBuild(): string {
  const dist = mkdtempSync(path.join(tmpdir(), 'ph-web-static-'));
  mkdirSync(path.join(dist, 'assets'));
  const files: Record<string, string> = {
    'index.html': `<!doctype html><head><script>${INLINE_SCRIPT}</script></head><div id="root"></div>`,
    'app.html': `<!doctype html><head><link rel="modulepreload" href="/assets/index-AbC123.js"><script>${INLINE_SCRIPT}</script></head><div id="root"></div>`,
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
    // As registerSecurityHeaders does: the same policy on every answer.
    app.addHook('onRequest', (_request, reply, done) => {
      reply.header('content-security-policy', POLICY);
      done();
    });
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

  it('answers client routes with index.html, the signed-in area with app.html, revalidated every time', async () => {
    const pages = {
      '/': 'index',
      '/bill/ABC': 'index',
      '/application': 'index',
      '/app': 'app',
      '/app?shopId=s1': 'app',
      '/app/users?role=SHOP': 'app',
    };
    for (const [url, page] of Object.entries(pages)) {
      for (const encoding of ['br', 'identity']) {
        const res = await app.inject({ url, headers: { 'accept-encoding': encoding } });
        expect(res.statusCode).toBe(200);
        expect(res.headers['cache-control']).toBe('no-cache');
        expect(res.headers['content-type']).toMatch(/^text\/html/);
        const html = encoding === 'br' ? brotliDecompressSync(res.rawPayload).toString() : res.body;
        expect(html.includes('modulepreload'), `${url} (${encoding})`).toBe(page === 'app');
      }
    }
  });

  it("allows index.html's inline script by its hash, and only on the page", async () => {
    const hash = `'sha256-${createHash('sha256').update(INLINE_SCRIPT).digest('base64')}'`;
    for (const url of ['/', '/app', '/index.html', '/app.html']) {
      for (const encoding of ['br', 'identity']) {
        const res = await app.inject({ url, headers: { 'accept-encoding': encoding } });
        expect(res.statusCode).toBe(200);
        expect(res.headers['content-security-policy']).toBe(
          `default-src 'self';script-src 'self' ${hash};style-src 'self' 'unsafe-inline'`,
        );
      }
    }
    const asset = await app.inject({ url: '/assets/index-AbC123.js' });
    expect(asset.headers['content-security-policy']).toBe(POLICY);
  });

  it("announces the page's first files in a Link header, the signed-in area's shell too", async () => {
    const app_ = await app.inject({ url: '/app', headers: { 'accept-encoding': 'br' } });
    expect(app_.headers.link).toBe('</assets/index-AbC123.js>; rel=modulepreload; crossorigin');
    const login = await app.inject({ url: '/' });
    expect(login.headers.link).toBeUndefined();
    const asset = await app.inject({ url: '/assets/index-AbC123.js' });
    expect(asset.headers.link).toBeUndefined();
  });

  it('reads the Link header off the page: module scripts, modulepreloads and font preloads', () => {
    const html = [
      '<link rel="icon" href="data:image/svg+xml,x" />',
      '<script type="module" crossorigin src="/assets/index-1.js"></script>',
      '<link rel="modulepreload" crossorigin fetchpriority="low" href="/assets/mui-2.js">',
      '<style>a{}</style><link rel="stylesheet" href="/assets/index-3.css" disabled>',
      '<link rel="preload" href="/assets/lao-400.woff2" as="font" type="font/woff2" crossorigin="">',
      '<script>inline()</script>',
    ].join('\n');
    expect(preloadLinks(html)).toBe(
      [
        '</assets/index-1.js>; rel=modulepreload; crossorigin',
        '</assets/mui-2.js>; rel=modulepreload; crossorigin; fetchpriority=low',
        '</assets/lao-400.woff2>; rel=preload; as=font; type="font/woff2"; crossorigin',
      ].join(', '),
    );
    expect(preloadLinks('<div></div>')).toBe('');
  });

  it('finds the inline scripts and adds their sources to script-src only', () => {
    expect(inlineScriptHashes('<script type="module" src="/a.js"></script><p>no script</p>')).toEqual([]);
    expect(inlineScriptHashes('<script>a()</script><script>b()</script>')).toHaveLength(2);
    expect(withScriptSources("default-src 'self'; script-src 'self'; img-src data:", ["'sha256-x'"])).toBe(
      "default-src 'self'; script-src 'self' 'sha256-x'; img-src data:",
    );
    expect(withScriptSources("default-src 'self'", ["'sha256-x'"])).toBe("default-src 'self'");
    expect(withScriptSources("script-src 'self'", [])).toBe("script-src 'self'");
  });

  it('answers a missing asset 404, not the page', async () => {
    const res = await app.inject({ url: '/assets/gone-123.js' });
    expect(res.statusCode).toBe(404);
  });
});
