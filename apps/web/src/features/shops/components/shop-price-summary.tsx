import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import type { PriceRule } from '@parking-hub/contracts/prices';
import { useTranslation } from 'react-i18next';
import { formatKip } from '../../../lib/format';
import { ruleLines } from '../shop-format';

/** The price rule of each vehicle type in a few words (the prices screen has every setting). */
export function ShopPriceSummary({ prices }: { prices: PriceRule[] }) {
  const { t } = useTranslation(['shops', 'common']);
  if (prices.length === 0)
    return (
      <Typography color="text.secondary" data-testid="prices-empty">
        {t('detail.noPrices')}
      </Typography>
    );
  return (
    <Box
      sx={{
        display: 'grid',
        gap: 1,
        gridTemplateColumns: { xs: 'minmax(0, 1fr)', sm: 'repeat(2, minmax(0, 1fr))' },
      }}
    >
      {prices.map((rule) => (
        <Paper
          key={rule.id}
          variant="outlined"
          sx={{ p: 1.5, minWidth: 0 }}
          data-testid={`price-${rule.vehicleType}`}
        >
          <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, mb: 0.5, flexWrap: 'wrap' }}>
            <Typography sx={{ fontWeight: 600 }}>{t(`common:vehicles.${rule.vehicleType}`)}</Typography>
            <Chip size="small" variant="outlined" label={t(`detail.mode.${rule.mode}`)} />
          </Box>
          {ruleLines(rule).map((line) => (
            <Typography key={line.key} variant="body2" sx={{ overflowWrap: 'anywhere' }}>
              {t(line.key, {
                ...line.values,
                amount: line.values.amount === undefined ? undefined : formatKip(line.values.amount),
              })}
            </Typography>
          ))}
        </Paper>
      ))}
    </Box>
  );
}
