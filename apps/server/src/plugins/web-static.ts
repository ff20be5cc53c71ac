import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { sendError } from './error-handler.ts';

export const API_PREFIX = '/parking-hub-api';

/**
 * The CSP sources of index.html's inline scripts ('sha256-…'): the build writes one, the early
 * start of a signed-in page (apps/web/src/app/early-start.ts), which `script-src 'self'` would block.
 */
export function inlineScriptHashes(html: string): string[] {
  return [...html.matchAll(/<script>([\s\S]*?)<\/script>/g)].map(
    ([, code = '']) => `'sha256-${createHash('sha256').update(code, 'utf8').digest('base64')}'`,
  );
}

/** The policy with `sources` added to its script-src (one without a script-src is left as it is). */
export function withScriptSources(policy: string, sources: readonly string[]): string {
  if (!sources.length) return policy;
  return policy.replace(
    /(^|;)(\s*script-src)([^;]*)/,
    (_all, start, name, values) => `${start}${name}${values} ${sources.join(' ')}`,
  );
}

const attr = (tag: string, name: string) => new RegExp(`\\s${name}="([^"]*)"`).exec(tag)?.[1];

/**
 * A `Link` header with what the page preloads or runs first (module scripts, modulepreloads,
 * font preloads), so that the browser asks for them as soon as the answer's headers arrive rather
 * than once its parser has reached them: the files start a few moments earlier, next to the fonts.
 */
export function preloadLinks(html: string): string {
  const links: string[] = [];
  for (const [tag] of html.matchAll(/<(script|link)\s[^>]*>/g)) {
    const rel = attr(tag, 'rel');
    const src = tag.startsWith('<script') ? attr(tag, 'src') : attr(tag, 'href');
    if (!src?.startsWith('/') || /\sdisabled[\s>]/.test(tag)) continue;
    if ((tag.startsWith('<script') && attr(tag, 'type') === 'module') || rel === 'modulepreload')
      links.push(
        `<${src}>; rel=modulepreload; crossorigin${attr(tag, 'fetchpriority') === 'low' ? '; fetchpriority=low' : ''}`,
      );
    else if (rel === 'preload' && attr(tag, 'as') === 'font')
      links.push(`<${src}>; rel=preload; as=font; type="font/woff2"; crossorigin`);
  }
  return links.join(', ');
}

/** The signed-in area: the build's app.html (index.html plus preloads of the shell) answers it. */
const APP_AREA = /^\/app(\/|\?|$)/;
/** The pages of the build: index.html, app.html, and their .br / .gz. */
const PAGE = /^(index|app)\.html(\.br|\.gz)?$/;

/**
 * Serve the built SPA: hashed assets cached for a year, pre-compressed variants when present,
 * and index.html for every other GET so client-side routes load (app.html, when the build has
 * one, for /app and below). API paths answer 404 envelopes.
 */
export async function registerWebStatic(app: FastifyInstance, webDist: string) {
  const hasWeb = existsSync(path.join(webDist, 'index.html'));
  const hasAppPage = hasWeb && existsSync(path.join(webDist, 'app.html'));
  if (hasWeb) {
    const pages = ['index.html', ...(hasAppPage ? ['app.html'] : [])];
    const linkHeaders = new Map(
      pages.map((page) => [page, preloadLinks(readFileSync(path.join(webDist, page), 'utf8'))]),
    );
    const scriptSources = [
      ...new Set(pages.flatMap((page) => inlineScriptHashes(readFileSync(path.join(webDist, page), 'utf8')))),
    ];
    await app.register(fastifyStatic, {
      root: webDist,
      wildcard: false,
      preCompressed: true,
      index: false,
      setHeaders: (res, filePath) => {
        const immutable = filePath.includes(`${path.sep}assets${path.sep}`);
        res.header('cache-control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache');
        const page = PAGE.exec(path.basename(filePath));
        if (!page) return;
        const policy = res.getHeader('content-security-policy');
        if (typeof policy === 'string')
          res.header('content-security-policy', withScriptSources(policy, scriptSources));
        const links = linkHeaders.get(`${page[1]}.html`);
        if (links) res.header('link', links);
      },
    });
  }
  app.setNotFoundHandler((request, reply) => {
    const isApi = request.url.startsWith(API_PREFIX) || request.url.startsWith('/gen-qr');
    if (!isApi && hasWeb && (request.method === 'GET' || request.method === 'HEAD')) {
      const ext = path.extname(request.url.split('?')[0] ?? '');
      // A missing asset is a real 404; a path without an extension is a client route.
      if (!ext || ext === '.html') {
        const page = hasAppPage && APP_AREA.test(request.url) ? 'app.html' : 'index.html';
        return reply.header('cache-control', 'no-cache').sendFile(page);
      }
    }
    return sendError(reply, request.lang, 404, 'errors.routeNotFound');
  });
}
