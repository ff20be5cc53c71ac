import { afterEach, describe, expect, it, vi } from 'vitest';
import { DASHBOARD_PATHS } from '../features/dashboard/api/dashboard-keys';
import { chartRange } from '../features/dashboard/dashboard-figures';
import {
  API_BASE,
  LANGUAGE_STORAGE_KEY,
  REPORT_BY_CLOSING_KEY,
  TOKEN_STORAGE_KEY,
  WEB_BRAND,
} from '../lib/config';
import {
  EARLY_GLOBAL,
  type EarlyCall,
  type EarlyStartPlan,
  earlyBody,
  earlyStart,
  takeEarly,
} from './early-start';

const PLAN: EarlyStartPlan = {
  tokenKey: TOKEN_STORAGE_KEY,
  languageKey: LANGUAGE_STORAGE_KEY,
  byClosingKey: REPORT_BY_CLOSING_KEY,
  apiBase: API_BASE,
  me: { path: '/v1/me', body: { brand: WEB_BRAND } },
  dashboard: { ...DASHBOARD_PATHS, utcOffsetMinutes: 420, days: 30 },
};

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

/** A page at `url` with `stored` in localStorage, after index.html's script; what it asked for. */
function page(url: string, stored: Record<string, string>) {
  const { pathname, search } = new URL(url, 'http://localhost');
  const fetch = vi.fn(async (_url: string, _init: RequestInit) => json({ status: 'success', data: {} }));
  const win: Record<string, unknown> = {};
  vi.stubGlobal('window', win);
  vi.stubGlobal('location', { pathname, search });
  vi.stubGlobal('localStorage', { getItem: (key: string) => stored[key] ?? null });
  vi.stubGlobal('fetch', fetch);
  earlyStart(PLAN);
  const calls = () => (win[EARLY_GLOBAL] as EarlyCall[] | undefined) ?? [];
  return { fetch, calls };
}

afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe('earlyStart (index.html)', () => {
  it('asks for nothing without a stored token', () => {
    const { fetch, calls } = page('/app', {});
    expect(fetch).not.toHaveBeenCalled();
    expect(calls()).toEqual([]);
  });

  it('on /app asks for the dashboard and the user as the app would', () => {
    vi.useFakeTimers({ now: new Date('2026-11-25T18:30:00Z') }); // 01:30 on the 26th in Vientiane
    const { fetch, calls } = page('/app', {
      [TOKEN_STORAGE_KEY]: 'tok',
      [LANGUAGE_STORAGE_KEY]: 'en',
      [REPORT_BY_CLOSING_KEY]: 'true',
    });
    const chart = { ...chartRange(undefined, new Date()), byClosing: true };
    expect(chart).toMatchObject({ from: '2026-10-28', to: '2026-11-26' });
    expect(calls().map(({ path, body }) => [path, body])).toEqual([
      [DASHBOARD_PATHS.today, { byClosing: true }],
      [DASHBOARD_PATHS.yesterday, { byClosing: true }],
      [DASHBOARD_PATHS.chart, chart],
      ['/v1/me', { brand: WEB_BRAND }],
    ]);
    const [url, init] = fetch.mock.calls[0] ?? [];
    expect(url).toBe(`${API_BASE}${DASHBOARD_PATHS.today}`);
    expect(init).toMatchObject({
      method: 'POST',
      body: '{"byClosing":true}',
      headers: { Authorization: 'Bearer tok', 'Accept-Language': 'en', 'Content-Type': 'application/json' },
    });
  });

  it('asks only for the user on other /app screens', () => {
    const signedIn = { [TOKEN_STORAGE_KEY]: 'tok' };
    for (const url of ['/app?shopId=s1', '/app/users']) {
      const { calls, fetch } = page(url, signedIn);
      expect(calls().map((c) => c.path)).toEqual(['/v1/me']);
      expect(fetch.mock.calls[0]?.[1]).toMatchObject({ headers: { 'Accept-Language': 'lo' } });
    }
  });

  it('leaves the pages outside /app alone, without reading the storage', () => {
    for (const url of ['/', '/reset-password', '/application', '/bill/ABC']) {
      const getItem = vi.fn(() => 'tok');
      const { fetch } = page(url, {});
      vi.stubGlobal('localStorage', { getItem });
      earlyStart(PLAN);
      expect(getItem).not.toHaveBeenCalled();
      expect(fetch).not.toHaveBeenCalled();
    }
  });
});

describe('earlyBody', () => {
  it("gives the body index.html sent to a path, the chart's period without Intl", () => {
    vi.useFakeTimers({ now: new Date('2026-11-25T18:30:00Z') }); // 01:30 on the 26th in Vientiane
    page('/app', { [TOKEN_STORAGE_KEY]: 'tok' });
    expect(earlyBody(DASHBOARD_PATHS.chart)).toEqual({
      ...chartRange(undefined, new Date()),
      byClosing: false,
    });
    expect(earlyBody(DASHBOARD_PATHS.today)).toEqual({ byClosing: false });
  });

  it('gives nothing for a path index.html did not ask for', () => {
    page('/app/users', { [TOKEN_STORAGE_KEY]: 'tok' });
    expect(earlyBody(DASHBOARD_PATHS.chart)).toBeUndefined();
    vi.stubGlobal('window', {});
    expect(earlyBody('/v1/me')).toBeUndefined();
  });
});

describe('takeEarly', () => {
  const own = { status: 'success' as const, data: 'own' };

  it('hands a success to the first taker with the same body, in any field order', async () => {
    page('/app', { [TOKEN_STORAGE_KEY]: 'tok' });
    const load = vi.fn(async () => own);
    const first = await takeEarly(
      DASHBOARD_PATHS.chart,
      { byClosing: false, ...chartRange(undefined, new Date()) },
      load,
    );
    expect(first).toEqual({ status: 'success', data: {} });
    expect(load).not.toHaveBeenCalled();
    expect(await takeEarly(DASHBOARD_PATHS.chart, { byClosing: false }, load)).toBe(own);
    expect(await takeEarly(DASHBOARD_PATHS.today, { byClosing: true }, load)).toBe(own);
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('asks again through the API client for an error, a failure or an old answer', async () => {
    const { fetch } = page('/app/users', { [TOKEN_STORAGE_KEY]: 'tok' });
    expect(fetch).toHaveBeenCalledTimes(1);
    const load = async () => own;
    const answerWith = (answer: Promise<Response>) => {
      const calls = (window as unknown as Record<string, EarlyCall[]>)[EARLY_GLOBAL] ?? [];
      calls.push({ path: '/v1/me', body: {}, at: Date.now(), answer });
    };
    answerWith(Promise.resolve(json({ status: 'error', message: 'no' }, 401)));
    expect(await takeEarly('/v1/me', {}, load)).toBe(own);
    answerWith(Promise.reject(new TypeError('offline')));
    expect(await takeEarly('/v1/me', {}, load)).toBe(own);
    answerWith(Promise.resolve(new Response('<html>', { status: 200 })));
    expect(await takeEarly('/v1/me', {}, load)).toBe(own);
    vi.useFakeTimers();
    answerWith(Promise.resolve(json({ status: 'success', data: 'early' })));
    vi.advanceTimersByTime(10_001);
    expect(await takeEarly('/v1/me', {}, load)).toBe(own);
  });

  it('calls load when index.html asked for nothing', async () => {
    vi.stubGlobal('window', {});
    expect(await takeEarly('/v1/me', { brand: WEB_BRAND }, async () => own)).toBe(own);
  });
});
