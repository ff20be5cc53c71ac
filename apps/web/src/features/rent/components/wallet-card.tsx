import AccountBalanceWallet from '@mui/icons-material/AccountBalanceWalletOutlined';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { formatKip } from '../../../lib/format';
import { useWalletBalances } from '../api/rent-api';

/** A manager's wallet balance above their invoices (nothing while it loads or if it cannot be read). */
export function WalletCard() {
  const { t } = useTranslation('rent');
  const query = useWalletBalances(true);
  const wallet = query.data?.wallets[0];
  if (!wallet) return null;
  return (
    <Paper
      variant="outlined"
      sx={{ p: 2, mb: 2, display: 'flex', gap: 2, alignItems: 'center' }}
      data-testid="rent-wallet"
    >
      <AccountBalanceWallet color="primary" sx={{ fontSize: 40 }} />
      <Box sx={{ minWidth: 0 }}>
        <Typography variant="body2" color="text.secondary">
          {t('wallet.title')}
        </Typography>
        <Typography sx={{ fontWeight: 700, fontSize: 22 }} data-testid="rent-wallet-balance">
          {formatKip(wallet.balance)}
        </Typography>
        <Typography variant="caption" color="text.secondary">
          {t('wallet.hint')}
        </Typography>
      </Box>
    </Paper>
  );
}
