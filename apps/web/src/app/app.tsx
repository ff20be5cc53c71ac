import { RouterProvider } from 'react-router';
import { FeedbackHost } from '../components/feedback/feedback-host';
import { router } from './router';
import { SessionGate } from './session-gate';

/**
 * The root. No MUI theme and no data cache here: the login route draws without MUI, and TanStack
 * Query is provided by the signed-in layout (docs/decisions/005-login-route-budget.md). MUI's theme
 * comes with the routes and the lazily loaded parts that use it (mui-layout.tsx, mui-theme.tsx).
 */
export function App() {
  return (
    <>
      <SessionGate>
        <RouterProvider router={router} />
      </SessionGate>
      <FeedbackHost />
    </>
  );
}
