import LockOutlined from '@mui/icons-material/LockOutlined';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';

/** SHOP staff: rent invoices and the wallet are the manager's (the API answers 403 to staff). */
export function ShopStaffNotice() {
  const { t } = useTranslation('rent');
  return (
    <Paper
      variant="outlined"
      sx={{ p: { xs: 3, sm: 4 }, textAlign: 'center', maxWidth: 560, mx: 'auto' }}
      data-testid="rent-shop-staff"
    >
      <LockOutlined color="primary" sx={{ fontSize: 56 }} />
      <Typography variant="h6" component="h2" sx={{ fontWeight: 600, mt: 1 }}>
        {t('shopStaff.title')}
      </Typography>
      <Typography color="text.secondary" sx={{ mt: 1 }}>
        {t('shopStaff.text')}
      </Typography>
    </Paper>
  );
}
