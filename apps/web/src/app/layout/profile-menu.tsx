import Avatar from '@mui/material/Avatar';
import ButtonBase from '@mui/material/ButtonBase';
import Typography from '@mui/material/Typography';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLogout } from '../../features/auth/api/logout';
import { useSession } from '../../lib/session-store';

// The menu (Menu, Popover) and the account form (react-hook-form, zod) load the first time they
// are opened, not with every screen.
const ProfileMenuList = lazy(() => import('./profile-menu-list'));
const AccountDialog = lazy(() =>
  import('../../features/account/account-dialog').then((m) => ({ default: m.AccountDialog })),
);

/** Spec §2, §9: full name, avatar with the upper-cased name, menu with account info and log out. */
export function ProfileMenu() {
  const { t } = useTranslation();
  const fullName = useSession((s) => s.fullName);
  const logout = useLogout();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [accountOpen, setAccountOpen] = useState(false);
  const [accountLoaded, setAccountLoaded] = useState(false);
  const [menuLoaded, setMenuLoaded] = useState(false);
  const upper = fullName.toUpperCase();

  return (
    <>
      <ButtonBase
        onClick={(e) => {
          setAnchor(e.currentTarget);
          setMenuLoaded(true);
        }}
        aria-haspopup="menu"
        aria-label={t('profile.menu')}
        data-testid="profile-button"
        sx={{ borderRadius: 6, gap: 1, px: 0.5, py: 0.5, color: 'inherit' }}
      >
        <Typography
          noWrap
          sx={{ display: { xs: 'none', sm: 'block' }, maxWidth: 220, fontSize: 14 }}
          data-testid="topbar-fullname"
        >
          {fullName}
        </Typography>
        <Avatar sx={{ width: 34, height: 34, bgcolor: 'secondary.main', fontSize: 16 }} data-testid="avatar">
          {upper.charAt(0)}
        </Avatar>
      </ButtonBase>
      {menuLoaded && (
        <Suspense fallback={null}>
          <ProfileMenuList
            anchor={anchor}
            name={upper}
            onClose={() => setAnchor(null)}
            onAccount={() => {
              setAnchor(null);
              setAccountOpen(true);
              setAccountLoaded(true);
            }}
            onLogout={() => {
              setAnchor(null);
              void logout();
            }}
          />
        </Suspense>
      )}
      {accountLoaded && (
        <Suspense fallback={null}>
          <AccountDialog open={accountOpen} onClose={() => setAccountOpen(false)} />
        </Suspense>
      )}
    </>
  );
}
