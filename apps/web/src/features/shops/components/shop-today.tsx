import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import type { ShopToday as Today } from '@parking-hub/contracts/shops';
import { useTranslation } from 'react-i18next';
import { formatKip } from '../../../lib/format';
import { formatBusinessDate } from '../shop-format';

const FIGURES = ['billsIn', 'billsOut', 'parkedNow', 'cancelled', 'revenue'] as const;

/** Today's figures of the shop's business day (it may have started yesterday evening). */
export function ShopToday({ today }: { today: Today }) {
  const { t } = useTranslation('shops');
  return (
    <Box component="section" aria-labelledby="shop-today-title">
      <Box sx={{ display: 'flex', alignItems: 'baseline', gap: 1, flexWrap: 'wrap', mb: 1 }}>
        <Typography id="shop-today-title" variant="subtitle1" component="h3" sx={{ fontWeight: 600 }}>
          {t('detail.today')}
        </Typography>
        <Typography variant="body2" color="text.secondary" data-testid="today-date">
          {t('detail.businessDate', { date: formatBusinessDate(today.businessDate) })}
        </Typography>
      </Box>
      <Box
        sx={{
          display: 'grid',
          gap: 1,
          gridTemplateColumns: { xs: 'repeat(2, minmax(0, 1fr))', sm: 'repeat(5, minmax(0, 1fr))' },
        }}
      >
        {FIGURES.map((key) => (
          <Paper
            key={key}
            variant="outlined"
            sx={{
              p: 1.5,
              minWidth: 0,
              ...(key === 'revenue' ? { gridColumn: { xs: '1 / -1', sm: 'auto' } } : {}),
            }}
          >
            <Typography variant="body2" color="text.secondary" noWrap>
              {t(`detail.figures.${key}`)}
            </Typography>
            <Typography
              sx={{ fontWeight: 700, fontSize: 20, overflowWrap: 'anywhere' }}
              data-testid={`today-${key}`}
            >
              {key === 'revenue' ? formatKip(today.revenue) : today[key].toLocaleString('en-US')}
            </Typography>
          </Paper>
        ))}
      </Box>
    </Box>
  );
}
