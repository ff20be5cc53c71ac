import Chip from '@mui/material/Chip';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import type { ShopPackageMonth } from '@parking-hub/contracts/packages';
import { useTranslation } from 'react-i18next';
import { formatKip } from '../../../lib/format';
import { formatMonth } from '../../../lib/months';
import { currentMonth } from '../shop-form';
import { packageName } from '../shop-format';

/**
 * The shop's package by month, newest first: each row holds from its month until the next one.
 * The row in force now is marked; rows after it are scheduled.
 */
export function ShopPackageHistory({ history }: { history: ShopPackageMonth[] }) {
  const { t, i18n } = useTranslation('shops');
  if (history.length === 0)
    return (
      <Typography color="text.secondary" data-testid="package-history-empty">
        {t('detail.noPackage')}
      </Typography>
    );
  const now = currentMonth();
  const inForce = history.find((h) => h.month <= now)?.month;
  return (
    <Paper variant="outlined">
      <List disablePadding data-testid="package-history">
        {history.map((h, i) => (
          <ListItem key={h.month} divider={i < history.length - 1} data-testid="package-month">
            <ListItemText
              primary={packageName(h, i18n.language)}
              secondary={`${t('detail.packageFrom', { month: formatMonth(h.month) })} · ${formatKip(h.monthlyPrice)}`}
              slotProps={{ primary: { sx: { overflowWrap: 'anywhere', fontWeight: 600 } } }}
            />
            {h.month === inForce && <Chip size="small" color="success" label={t('detail.packageNow')} />}
            {h.month > now && (
              <Chip size="small" color="info" variant="outlined" label={t('detail.packageLater')} />
            )}
          </ListItem>
        ))}
      </List>
    </Paper>
  );
}
