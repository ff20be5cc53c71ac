import AccountCircle from '@mui/icons-material/AccountCircle';
import Logout from '@mui/icons-material/Logout';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import ButtonBase from '@mui/material/ButtonBase';
import ListItemIcon from '@mui/material/ListItemIcon';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AccountDialog } from '../../features/account/account-dialog';
import { useLogout } from '../../features/auth/api/logout';
import { useSession } from '../../lib/session-store';

/** Spec §2, §9: full name, avatar with the upper-cased name, menu with account info and log out. */
export function ProfileMenu() {
  const { t } = useTranslation();
  const fullName = useSession((s) => s.fullName);
  const logout = useLogout();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [accountOpen, setAccountOpen] = useState(false);
  const upper = fullName.toUpperCase();

  return (
    <>
      <ButtonBase
        onClick={(e) => setAnchor(e.currentTarget)}
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
      <Menu
        anchorEl={anchor}
        open={anchor !== null}
        onClose={() => setAnchor(null)}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
        transformOrigin={{ vertical: 'top', horizontal: 'right' }}
      >
        <Box sx={{ px: 2, py: 1, maxWidth: 260 }}>
          <Typography sx={{ fontWeight: 600 }} noWrap>
            {upper}
          </Typography>
        </Box>
        <MenuItem
          onClick={() => {
            setAnchor(null);
            setAccountOpen(true);
          }}
          data-testid="menu-account"
        >
          <ListItemIcon>
            <AccountCircle fontSize="small" />
          </ListItemIcon>
          {t('profile.account')}
        </MenuItem>
        <MenuItem
          onClick={() => {
            setAnchor(null);
            void logout();
          }}
          data-testid="menu-logout"
        >
          <ListItemIcon>
            <Logout fontSize="small" />
          </ListItemIcon>
          {t('profile.logout')}
        </MenuItem>
      </Menu>
      <AccountDialog open={accountOpen} onClose={() => setAccountOpen(false)} />
    </>
  );
}
