import CssBaseline from '@mui/material/CssBaseline';
import { ThemeProvider } from '@mui/material/styles';
import { RouterProvider } from 'react-router';
import { FeedbackHost } from '../components/feedback/feedback-host';
import { router } from './router';
import { SessionGate } from './session-gate';
import { theme } from './theme';

/**
 * The root. Data caching (TanStack Query) is provided by the signed-in layout, not here, so the
 * login route does not load it (see docs/decisions/005-login-route-budget.md).
 */
export function App() {
  return (
    <ThemeProvider theme={theme}>
      <CssBaseline />
      <SessionGate>
        <RouterProvider router={router} />
      </SessionGate>
      <FeedbackHost />
    </ThemeProvider>
  );
}
