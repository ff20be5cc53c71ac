import AccountCircle from '@mui/icons-material/AccountCircle';
import Logout from '@mui/icons-material/Logout';
import Box from '@mui/material/Box';
import ListItemIcon from '@mui/material/ListItemIcon';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';

interface ProfileMenuListProps {
  anchor: HTMLElement | null;
  /** The full name, upper-cased. */
  name: string;
  onClose: () => void;
  onAccount: () => void;
  onLogout: () => void;
}

/** The profile menu itself (profile-menu.tsx loads it on the first click: Menu, Popover). */
export default function ProfileMenuList({
  anchor,
  name,
  onClose,
  onAccount,
  onLogout,
}: ProfileMenuListProps) {
  const { t } = useTranslation();
  return (
    <Menu
      anchorEl={anchor}
      open={anchor !== null}
      onClose={onClose}
      anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
      transformOrigin={{ vertical: 'top', horizontal: 'right' }}
    >
      <Box sx={{ px: 2, py: 1, maxWidth: 260 }}>
        <Typography sx={{ fontWeight: 600 }} noWrap>
          {name}
        </Typography>
      </Box>
      <MenuItem onClick={onAccount} data-testid="menu-account">
        <ListItemIcon>
          <AccountCircle fontSize="small" />
        </ListItemIcon>
        {t('profile.account')}
      </MenuItem>
      <MenuItem onClick={onLogout} data-testid="menu-logout">
        <ListItemIcon>
          <Logout fontSize="small" />
        </ListItemIcon>
        {t('profile.logout')}
      </MenuItem>
    </Menu>
  );
}
