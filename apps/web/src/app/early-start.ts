import type { Envelope } from '@parking-hub/contracts/envelope';

/**
 * The first calls of a signed-in page, started by index.html while the entry is still on its way
 * (decision 005). Without them a phone fetches the entry (≈ 115 KB), runs it, and only then asks
 * for /v1/me and the dashboard's answers: the entry's run time later (app.html preloads the
 * shell's chunks the same way, see vite.config.ts). `earlyStart` is written into the page at build
 * time and runs there as it is: no imports, nothing from this module's scope. The app takes its
 * answers with `takeEarly`; an answer that is not a success is asked again through the API
 * client, which then reports the error as usual.
 */
export interface EarlyStartPlan {
  /** lib/config.ts: the token, the UI language and the reports' "by closing" choice. */
  tokenKey: string;
  languageKey: string;
  byClosingKey: string;
  apiBase: string;
  /** Asked on any /app page with a stored token: the session check (app/session-gate.tsx). */
  me: { path: string; body: object };
  /** Asked on /app itself without a shop in the URL (features/dashboard/api/prefetch-dashboard.ts). */
  dashboard: { today: string; yesterday: string; chart: string; utcOffsetMinutes: number; days: number };
}

export interface EarlyCall {
  path: string;
  body: object;
  at: number;
  answer: Promise<Response>;
}

/** Where index.html leaves its calls for the app. */
export const EARLY_GLOBAL = '__parkingHubEarly';

/** Inlined into index.html (see the module comment): everything it needs is inside it. */
export function earlyStart(plan: EarlyStartPlan): void {
  try {
    // Only the signed-in area: the login page pays nothing, not even the first localStorage read.
    const path = location.pathname;
    if (path !== '/app' && !path.startsWith('/app/')) return;
    const token = localStorage.getItem(plan.tokenKey);
    if (!token) return;
    const calls: EarlyCall[] = [];
    (window as unknown as Record<string, EarlyCall[]>).__parkingHubEarly = calls;
    const headers = {
      Accept: 'application/json',
      'Accept-Language': localStorage.getItem(plan.languageKey) === 'en' ? 'en' : 'lo',
      Authorization: `Bearer ${token}`,
      'Content-Type': 'application/json',
    };
    const post = (apiPath: string, body: object) => {
      const answer = fetch(plan.apiBase + apiPath, { method: 'POST', headers, body: JSON.stringify(body) });
      answer.catch(() => {});
      calls.push({ path: apiPath, body, at: Date.now(), answer });
    };
    if ((path === '/app' || path === '/app/') && !new URLSearchParams(location.search).get('shopId')) {
      const byClosing = localStorage.getItem(plan.byClosingKey) === 'true';
      const d = plan.dashboard;
      post(d.today, { byClosing });
      post(d.yesterday, { byClosing });
      // The shops' today is known from today's answer; the default zone's calendar day until
      // then. By its UTC offset: a first Intl.DateTimeFormat with a time zone loads ICU's zone
      // data, tens of milliseconds on a phone, before any request could leave.
      const day = (daysBack: number) =>
        new Date(Date.now() + d.utcOffsetMinutes * 60_000 - daysBack * 86_400_000).toISOString().slice(0, 10);
      post(d.chart, { from: day(d.days - 1), to: day(0), byClosing });
    }
    post(plan.me.path, plan.me.body);
  } catch {
    // No storage, an old browser: the app asks for everything itself.
  }
}

/** A body as a key: its fields in a fixed order, undefined ones left out (as lib/prefetch.ts). */
const bodyKey = (body: object) => JSON.stringify(body, Object.keys(body).sort());

/** Answers older than this are asked again (the page was left loading in the background). */
const FRESH_MS = 10_000;

/**
 * The body index.html sent to `path`, if it asked: the dashboard's loader asks for the chart with
 * the same one, so as to take that answer without computing the zone's date itself (a first
 * Intl.DateTimeFormat with a time zone: tens of milliseconds on a phone, before the first figures).
 */
export function earlyBody(path: string): object | undefined {
  const calls = (window as unknown as Record<string, EarlyCall[] | undefined>)[EARLY_GLOBAL];
  return calls?.find((c) => c.path === path)?.body;
}

/**
 * The answer index.html asked for (path, body), once, as the API client's envelope; else `load()`.
 * Anything but a success envelope (an error, a lost connection, a broken answer) goes to `load()`,
 * so errors, their texts and the sign-out on 401 stay the API client's.
 */
export function takeEarly<T, M>(
  path: string,
  body: object,
  load: () => Promise<Envelope<T, M>>,
): Promise<Envelope<T, M>> {
  const calls = (window as unknown as Record<string, EarlyCall[] | undefined>)[EARLY_GLOBAL];
  const index = calls?.findIndex((c) => c.path === path && bodyKey(c.body) === bodyKey(body)) ?? -1;
  const call = index >= 0 ? calls?.splice(index, 1)[0] : undefined;
  if (!call || Date.now() - call.at > FRESH_MS) return load();
  return call.answer
    .then((response) => (response.ok ? (response.json() as Promise<Envelope<T, M> | null>) : null))
    .catch(() => null)
    .then((envelope) => (envelope?.status === 'success' ? envelope : load()));
}
