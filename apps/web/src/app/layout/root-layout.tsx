import { Suspense } from 'react';
import { Outlet, ScrollRestoration } from 'react-router';
import { LoadingScreen } from '../../components/loading-screen';

/** The top of every route; a screen that still waits for its texts shows the loading screen. */
export function RootLayout() {
  return (
    <>
      <Suspense fallback={<LoadingScreen fullScreen />}>
        <Outlet />
      </Suspense>
      <ScrollRestoration />
    </>
  );
}
