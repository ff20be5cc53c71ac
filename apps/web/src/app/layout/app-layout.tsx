import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import Toolbar from '@mui/material/Toolbar';
import useMediaQuery from '@mui/material/useMediaQuery';
import { QueryClientProvider } from '@tanstack/react-query';
import { useState } from 'react';
import { Outlet, useLocation, useNavigation } from 'react-router';
import { LoadingScreen } from '../../components/loading-screen';
import { queryClient } from '../../lib/query-client';
import { MOBILE_BREAKPOINT } from '../theme';
import { useScreenTitle } from '../use-screen-title';
import { AppDrawer } from './app-drawer';
import { TopBar } from './top-bar';

const MOBILE_QUERY = `(max-width:${MOBILE_BREAKPOINT}px)`;

/** The signed-in shell: top bar, drawer, and the screen (or a loading screen while it loads). */
export default function AppLayout() {
  const mobile = useMediaQuery(MOBILE_QUERY, { noSsr: true });
  // Spec §2: open by default, closed on load at 960 px or narrower.
  const [open, setOpen] = useState(() => !window.matchMedia(MOBILE_QUERY).matches);
  const navigation = useNavigation();
  const { pathname } = useLocation();
  // Another screen is loading (not a filter change on this one, which keeps its state).
  const loading = navigation.state === 'loading' && navigation.location.pathname !== pathname;
  useScreenTitle();

  return (
    <QueryClientProvider client={queryClient}>
      <Box sx={{ display: 'flex', minHeight: '100dvh', bgcolor: 'background.default' }}>
        <TopBar onToggleDrawer={() => setOpen((o) => !o)} drawerOpen={open} mobile={mobile} />
        <AppDrawer open={open} mobile={mobile} onClose={() => setOpen(false)} />
        <Box component="main" sx={{ flex: 1, minWidth: 0, display: 'flex', flexDirection: 'column' }}>
          <Toolbar />
          {loading && <LinearProgress sx={{ position: 'sticky', top: { xs: 56, sm: 64 }, zIndex: 1 }} />}
          <Box sx={{ p: { xs: 1.5, sm: 3 }, flex: 1, minWidth: 0 }}>
            {loading ? <LoadingScreen /> : <Outlet />}
          </Box>
        </Box>
      </Box>
    </QueryClientProvider>
  );
}
