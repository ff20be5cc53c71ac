import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import type { ReportChart } from '@parking-hub/contracts/reports';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { formatKip } from '../../../lib/format';
import { formatCount, topShops } from '../dashboard-figures';
import { SectionCard } from './section-card';

const TOP = 10;

/** The shops with the most money taken in the chart's 30 days, each opening its date report. */
export function TopShopsCard({ chart }: { chart: ReportChart }) {
  const { t } = useTranslation('dashboard');
  return (
    <SectionCard title={t('topShops.title')} data-testid="top-shops">
      <Box component="ol" sx={{ listStyle: 'none', p: 0, m: 0, mt: 1, display: 'grid', gap: 1.5 }}>
        {topShops(chart, TOP).map((shop, i) => (
          <Box component="li" key={shop.shopId} sx={{ minWidth: 0 }} data-testid="top-shop">
            <Box sx={{ display: 'flex', justifyContent: 'space-between', gap: 1, alignItems: 'baseline' }}>
              <Link
                component={RouterLink}
                to={`/app/report/bill/date?shopId=${encodeURIComponent(shop.shopId)}`}
                aria-label={t('topShops.open', { name: shop.shopName })}
                sx={{ fontWeight: 600, minWidth: 0, overflowWrap: 'anywhere' }}
              >
                {`${i + 1}. ${shop.shopName}`}
              </Link>
              <Typography sx={{ fontWeight: 600, flexShrink: 0 }}>{formatKip(shop.amount)}</Typography>
            </Box>
            <LinearProgress
              variant="determinate"
              value={shop.share * 100}
              sx={{ height: 6, borderRadius: 3, my: 0.5 }}
              aria-hidden
            />
            <Typography variant="caption" color="text.secondary">
              {`${shop.shopCode} · ${t('topShops.bills', { n: formatCount(shop.billsIn) })}`}
            </Typography>
          </Box>
        ))}
      </Box>
    </SectionCard>
  );
}
