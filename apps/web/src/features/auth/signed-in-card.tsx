import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { MuiTheme } from '../../app/mui-theme';
import { useSession } from '../../lib/session-store';
import { useLogout } from './api/logout';

/**
 * '/' for someone already signed in (e.g. sent here by the admin-area countdown). Its own chunk
 * with MUI: the login page loads it only for a signed-in visitor.
 */
export default function SignedInCard() {
  return (
    <MuiTheme>
      <SignedInContent />
    </MuiTheme>
  );
}

function SignedInContent() {
  const { t } = useTranslation();
  const { fullName, role } = useSession();
  const logout = useLogout();
  return (
    <Box sx={{ flex: 1, display: 'grid', placeItems: 'center', py: 2 }}>
      <Paper
        variant="outlined"
        sx={{ p: 4, width: '100%', maxWidth: 400, textAlign: 'center' }}
        data-testid="signed-in"
      >
        <Stack spacing={2} sx={{ alignItems: 'center' }}>
          <Avatar sx={{ width: 56, height: 56, bgcolor: 'secondary.main' }}>
            {fullName.toUpperCase().charAt(0)}
          </Avatar>
          <Typography variant="h6" component="h1">
            {t('login.signedInAs', { name: fullName })}
          </Typography>
          <Typography color="text.secondary">{t(`roles.${role}`, { defaultValue: role })}</Typography>
          <Button component={RouterLink} to="/app" variant="contained" fullWidth>
            {t('login.goToApp')}
          </Button>
          <Button onClick={() => void logout()} color="inherit" fullWidth>
            {t('profile.logout')}
          </Button>
        </Stack>
      </Paper>
    </Box>
  );
}
