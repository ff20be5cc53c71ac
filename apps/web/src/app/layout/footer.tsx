import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { PROVIDER_NAME, PROVIDER_URL } from '../../lib/config';

/** Spec §2: the public pages' footer: year-stamped copyright, the provider's site, /privacy. */
export function Footer() {
  const { t } = useTranslation();
  return (
    <Box component="footer" sx={{ py: 3, px: 2, textAlign: 'center' }} data-testid="footer">
      <Typography variant="body2" color="text.secondary">
        © {new Date().getFullYear()}{' '}
        <Link href={PROVIDER_URL} target="_blank" rel="noopener noreferrer" color="inherit">
          {PROVIDER_NAME}
        </Link>
        {' · '}
        <Link component={RouterLink} to="/privacy" color="inherit">
          {t('footer.privacy')}
        </Link>
      </Typography>
    </Box>
  );
}
