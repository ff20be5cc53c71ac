import MenuIcon from '@mui/icons-material/Menu';
import MenuOpen from '@mui/icons-material/MenuOpen';
import AppBar from '@mui/material/AppBar';
import IconButton from '@mui/material/IconButton';
import Toolbar from '@mui/material/Toolbar';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { LanguageSwitch } from '../../components/language-switch';
import { NewsBell } from '../../features/news/components/news-bell';
import { useSession } from '../../lib/session-store';
import { ProfileMenu } from './profile-menu';

/** Spec §2: the top bar with the drawer toggle, the user's full name and the profile menu. */
export function TopBar({
  onToggleDrawer,
  drawerOpen,
  mobile,
}: {
  onToggleDrawer: () => void;
  drawerOpen: boolean;
  /** On a phone the drawer floats over the page and over this bar; on a wide screen it runs below it. */
  mobile: boolean;
}) {
  const { t } = useTranslation();
  const role = useSession((s) => s.role);
  // News is addressed to shops: their staff and managers have the bell.
  const readsNews = role === 'SHOP' || role === 'MANAGER';
  return (
    <AppBar
      position="fixed"
      sx={{ zIndex: (theme) => (mobile ? theme.zIndex.appBar : theme.zIndex.drawer + 1) }}
    >
      <Toolbar sx={{ gap: 1, px: { xs: 1.5, sm: 2 } }}>
        <IconButton
          color="inherit"
          edge="start"
          onClick={onToggleDrawer}
          aria-label={t(drawerOpen ? 'nav.close' : 'nav.open')}
          aria-expanded={drawerOpen}
          data-testid="drawer-toggle"
        >
          {drawerOpen ? <MenuOpen /> : <MenuIcon />}
        </IconButton>
        <Typography
          variant="h6"
          component="div"
          noWrap
          sx={{ flex: 1, minWidth: 0, fontSize: { xs: 16, sm: 20 } }}
        >
          {t('appTitle')}
        </Typography>
        <LanguageSwitch />
        {readsNews && <NewsBell />}
        <ProfileMenu />
      </Toolbar>
    </AppBar>
  );
}
