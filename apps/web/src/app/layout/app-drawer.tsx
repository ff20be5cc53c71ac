import ChevronLeft from '@mui/icons-material/ChevronLeft';
import Box from '@mui/material/Box';
import Divider from '@mui/material/Divider';
import Drawer from '@mui/material/Drawer';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import ListSubheader from '@mui/material/ListSubheader';
import Toolbar from '@mui/material/Toolbar';
import Typography from '@mui/material/Typography';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { canEnter } from '../../lib/access';
import { useSession } from '../../lib/session-store';
import { isNavItemActive, SCREEN_GROUPS, screensFor } from '../routes-config';
import { DRAWER_COLLAPSED_WIDTH, DRAWER_WIDTH } from '../theme';
import { NAV_ICONS } from './nav-icons';

// Only the collapsed rail (wide screens, after a click) shows tooltips: their code (Popper) loads then.
const Tooltip = lazy(() => import('@mui/material/Tooltip'));

interface AppDrawerProps {
  open: boolean;
  /** ≤ 960 px: the drawer floats over the page and closes after a choice. */
  mobile: boolean;
  onClose: () => void;
}

function NavList({ collapsed, onNavigate }: { collapsed: boolean; onNavigate?: () => void }) {
  const { t } = useTranslation();
  const role = useSession((s) => s.role);
  const { pathname } = useLocation();
  return (
    <List component="nav" aria-label={t('nav.menu')} sx={{ pt: 0 }}>
      {SCREEN_GROUPS.filter((g) => canEnter(g.area, role)).map((group) => (
        <li key={group.key}>
          <ul style={{ padding: 0 }}>
            {collapsed ? (
              <Divider sx={{ my: 0.5 }} />
            ) : (
              <ListSubheader sx={{ lineHeight: '36px', bgcolor: 'background.paper' }}>
                {t(`nav.groups.${group.key}`)}
              </ListSubheader>
            )}
            {screensFor(group, role).map(({ path, key }) => {
              const Icon = NAV_ICONS[key];
              const name = t(`screens:${key}`);
              const selected = isNavItemActive(pathname, path);
              const item = (
                <ListItemButton
                  key={key}
                  component={Link}
                  to={path ? `/app/${path}` : '/app'}
                  selected={selected}
                  onClick={onNavigate}
                  aria-label={collapsed ? name : undefined}
                  aria-current={selected ? 'page' : undefined}
                  sx={{
                    minHeight: 48,
                    px: 2.5,
                    justifyContent: collapsed ? 'center' : 'flex-start',
                    '&.Mui-selected': {
                      color: 'primary.main',
                      '& .MuiListItemIcon-root': { color: 'primary.main' },
                    },
                  }}
                >
                  <ListItemIcon sx={{ minWidth: 0, mr: collapsed ? 0 : 2, justifyContent: 'center' }}>
                    {Icon && <Icon />}
                  </ListItemIcon>
                  {!collapsed && <ListItemText primary={name} />}
                </ListItemButton>
              );
              return collapsed ? (
                <Suspense key={key} fallback={item}>
                  <Tooltip title={name} placement="right">
                    {item}
                  </Tooltip>
                </Suspense>
              ) : (
                item
              );
            })}
          </ul>
        </li>
      ))}
    </List>
  );
}

function DrawerHeader({ collapsed, onClose }: { collapsed: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const role = useSession((s) => s.role);
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', minHeight: 64, px: collapsed ? 1 : 2, gap: 1 }}>
      {!collapsed && (
        <Box sx={{ flex: 1, minWidth: 0 }}>
          <Typography variant="subtitle1" sx={{ fontWeight: 700, color: 'primary.main' }} noWrap>
            Parking Hub
          </Typography>
          <Typography
            variant="caption"
            color="text.secondary"
            data-testid="drawer-role"
            noWrap
            component="div"
          >
            {t(`roles.${role}`, { defaultValue: role })}
          </Typography>
        </Box>
      )}
      {!collapsed && (
        <IconButton onClick={onClose} aria-label={t('nav.close')}>
          <ChevronLeft />
        </IconButton>
      )}
    </Box>
  );
}

/**
 * Spec §2: 240 px, open by default, collapsible to icons (names hidden); on a phone it floats
 * over the page instead.
 */
export function AppDrawer({ open, mobile, onClose }: AppDrawerProps) {
  if (mobile) {
    return (
      <Drawer
        variant="temporary"
        open={open}
        onClose={onClose}
        slotProps={{ paper: { sx: { width: DRAWER_WIDTH }, 'data-testid': 'app-drawer' } as object }}
      >
        <DrawerHeader collapsed={false} onClose={onClose} />
        <Divider />
        <NavList collapsed={false} onNavigate={onClose} />
      </Drawer>
    );
  }
  const width = open ? DRAWER_WIDTH : DRAWER_COLLAPSED_WIDTH;
  return (
    <Drawer
      variant="permanent"
      open={open}
      sx={{ width, flexShrink: 0, transition: 'width 200ms' }}
      slotProps={{
        paper: {
          sx: { width, overflowX: 'hidden', transition: 'width 200ms' },
          'data-testid': 'app-drawer',
          'data-collapsed': String(!open),
        } as object,
      }}
    >
      {/* The top bar runs over this drawer: its title and role start below it. */}
      <Toolbar />
      <DrawerHeader collapsed={!open} onClose={onClose} />
      <Divider />
      <NavList collapsed={!open} />
    </Drawer>
  );
}
