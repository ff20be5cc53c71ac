import type { ReportBalance } from '@parking-hub/contracts/reports';
import { earlyBody, takeEarly } from '../../../app/early-start';
import { api } from '../../../lib/api-client';
import { parseByClosing } from '../../../lib/by-closing-store';
import { REPORT_BY_CLOSING_KEY } from '../../../lib/config';
import { prefetch } from '../../../lib/prefetch';
import { sessionStore } from '../../../lib/session-store';
import { storage } from '../../../lib/storage';
import { chartRange } from '../dashboard-figures';
import { DASHBOARD_PATHS } from './dashboard-keys';

let done = false;

/**
 * The loader of /app (app/router.tsx), on the page's first load only: asks for today's and
 * yesterday's balance and the 30-day chart while the dashboard's code is still on its way, with
 * the body its queries will use ("by closing" as stored). Not with a shop in the URL: whether the
 * user may choose one is known only after /v1/me (shop staff never send it). The chart's period
 * ends on the shops' today, known from today's answer; it is first asked up to today's date here
 * (right for shops in this zone counting calendar days) and again once today's answer says
 * otherwise. The queries take these answers (lib/prefetch.ts); a body that differs just asks
 * again. A failure here is the query's to report: no toast, no sign-out.
 */
export function prefetchDashboard(url: URL): null {
  if (done || !sessionStore.getToken()) return null;
  done = true;
  if (url.searchParams.get('shopId')) return null;
  const body = { byClosing: parseByClosing(storage.get(REPORT_BY_CLOSING_KEY)) };
  // The page may have asked already (app/early-start.ts): its answer is taken, else asked here.
  const post =
    <T>(path: string, payload: object) =>
    () =>
      takeEarly(path, payload, () => api.post<T>(path, payload, { skipUnauthorizedHandler: true }));
  const chart = (today?: ReportBalance) => {
    const payload = (!today && earlyBody(DASHBOARD_PATHS.chart)) || {
      ...chartRange(today, new Date()),
      ...body,
    };
    // The same body twice is one call (prefetch keeps the running one).
    void prefetch(DASHBOARD_PATHS.chart, payload, post(DASHBOARD_PATHS.chart, payload)).catch(() => {});
  };
  const today = prefetch(DASHBOARD_PATHS.today, body, post<ReportBalance>(DASHBOARD_PATHS.today, body));
  void prefetch(DASHBOARD_PATHS.yesterday, body, post(DASHBOARD_PATHS.yesterday, body)).catch(() => {});
  chart();
  today.then(
    ({ data }) => data && chart(data),
    () => {},
  );
  return null;
}
