import { lazy, Suspense } from 'react';
import { createBrowserRouter, type LoaderFunction, Navigate, type RouteObject } from 'react-router';
import { LoadingScreen } from '../components/loading-screen';
import LoginPage from '../features/auth/login-page';
import { prefetchDashboard } from '../features/dashboard/api/prefetch-dashboard';
import { loadNamespaces } from '../lib/i18n';
import PublicLayout from './layout/public-layout';
import { RootLayout } from './layout/root-layout';
import { SCREEN_GROUPS, type ScreenGroup } from './routes-config';

type Lazy = NonNullable<RouteObject['lazy']>;

/** A lazily loaded screen and the translation namespaces it needs, fetched side by side. */
const page =
  (load: () => Promise<{ default: React.ComponentType }>, namespaces: readonly string[] = []): Lazy =>
  async () => {
    const [module] = await Promise.all([load(), loadNamespaces(namespaces)]);
    return { Component: module.default };
  };

/** Every /app screen of routes-config.ts, loaded on demand with its translation namespaces. */
const SCREENS: Record<string, Lazy> = {
  report: page(() => import('../features/dashboard/dashboard-page'), ['dashboard']),
  gate: page(() => import('../features/gate/gate-page'), ['gate', 'bills', 'prices']),
  bills: page(() => import('../features/bills/bills-page'), ['bills']),
  shops: page(() => import('../features/shops/shops-page'), ['shops']),
  prices: page(() => import('../features/prices/prices-page'), ['prices']),
  packages: page(() => import('../features/packages/packages-page'), ['packages']),
  promotions: page(() => import('../features/promotions/promotions-page'), ['promotions']),
  users: page(() => import('../features/users/users-page'), ['users']),
  accessToken: page(() => import('../features/access-tokens/access-tokens-page'), ['access-tokens']),
  lastAction: page(() => import('../features/audit/last-action-page'), ['audit']),
  billDate: page(() => import('../features/reports/bill-date-page'), ['reports']),
  billMonth: page(() => import('../features/reports/bill-month-page'), ['reports']),
  paymentByStaff: page(() => import('../features/reports/payment-by-staff-page'), ['reports']),
  billCancel: page(() => import('../features/reports/bill-cancel-page'), ['reports']),
  customers: page(() => import('../features/reports/customers-page'), ['reports']),
  members: page(() => import('../features/members/members-page'), ['members', 'reports']),
  messages: page(() => import('../features/messages/messages-page'), ['messages']),
  company: page(() => import('../features/company/company-page'), ['company']),
  rolls: page(() => import('../features/rolls/rolls-page'), ['rolls']),
  rent: page(() => import('../features/rent/rent-page'), ['rent']),
  wallet: page(() => import('../features/wallet/wallet-page'), ['finance', 'rent']),
  accounting: page(() => import('../features/accounting/accounting-page'), ['finance', 'reports']),
  compensation: page(() => import('../features/compensation/compensation-page'), ['finance']),
  news: page(() => import('../features/news/news-page'), ['news']),
  video: page(() => import('../features/videos/videos-page'), ['videos']),
  version: page(() => import('../features/versions/versions-page'), ['versions']),
};
/** Loaders that start a screen's calls while its code loads (they return nothing to render). */
const LOADERS: Record<string, LoaderFunction> = {
  report: ({ request }) => prefetchDashboard(new URL(request.url)),
};
/** MUI's theme and baseline for every route below it (the login page is drawn without MUI). */
const muiLayout = page(() => import('./layout/mui-layout'));
const RouteError = lazy(() => import('./route-error'));

function screenRoutes(group: ScreenGroup): RouteObject[] {
  return group.screens.map(({ path, key }) => {
    const lazy = SCREENS[key];
    // Every screen has landed: a route without one is a mistake to see at once, not a blank page.
    if (!lazy) throw new Error(`no screen for /app/${path} (${key})`);
    return {
      ...(path ? { path } : { index: true as const }),
      handle: { titleKey: `screens:${key}` },
      loader: LOADERS[key],
      lazy,
    };
  });
}

const guards: Record<ScreenGroup['area'], Lazy> = {
  general: page(() => import('./guards/general-guard')),
  agent: page(() => import('./guards/agent-guard')),
  admin: page(() => import('./guards/admin-guard')),
};

export const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    errorElement: (
      <Suspense fallback={null}>
        <RouteError />
      </Suspense>
    ),
    hydrateFallbackElement: <LoadingScreen fullScreen />,
    children: [
      {
        // The login route is in the entry itself: '/' draws without waiting for another chunk.
        element: <PublicLayout />,
        children: [
          { index: true, element: <LoginPage /> },
          {
            lazy: muiLayout,
            children: [
              {
                path: 'reset-password',
                lazy: page(() => import('../features/auth/reset-password-page'), ['password-help']),
              },
              { path: 'privacy', lazy: page(() => import('../features/privacy/privacy-page'), ['privacy']) },
              {
                path: 'bill/:referenceBill',
                lazy: page(() => import('../features/receipt/receipt-page'), ['receipt']),
              },
              {
                path: 'invoice/:token',
                lazy: page(() => import('../features/rent/public-invoice-page'), ['rent']),
              },
              {
                path: 'news/:token',
                lazy: page(() => import('../features/news/public-news-page'), ['news']),
              },
            ],
          },
        ],
      },
      {
        lazy: muiLayout,
        children: [
          {
            path: 'app',
            lazy: guards.general,
            children: [
              {
                lazy: page(() => import('./layout/app-layout')),
                children: SCREEN_GROUPS.map((group) =>
                  group.area === 'general'
                    ? { children: screenRoutes(group) }
                    : { lazy: guards[group.area], children: screenRoutes(group) },
                ),
              },
            ],
          },
        ],
      },
      { path: '*', element: <Navigate to="/" replace /> },
    ],
  },
];

export const router = createBrowserRouter(routes);
