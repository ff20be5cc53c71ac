import ArrowDownward from '@mui/icons-material/ArrowDownward';
import ArrowUpward from '@mui/icons-material/ArrowUpward';
import Remove from '@mui/icons-material/Remove';
import Box from '@mui/material/Box';
import { useTranslation } from 'react-i18next';
import { trendOf } from '../dashboard-figures';

const ICONS = { up: ArrowUpward, down: ArrowDownward, same: Remove };

/** "Yesterday 12,000 ₭" with an arrow saying whether today is above or below it. */
export function TrendText({ today, yesterday, text }: { today: number; yesterday: number; text: string }) {
  const { t } = useTranslation('dashboard');
  const trend = trendOf(today, yesterday);
  const Icon = ICONS[trend];
  return (
    <Box
      sx={{
        display: 'flex',
        alignItems: 'center',
        gap: 0.5,
        color: 'text.secondary',
        fontSize: 14,
        minWidth: 0,
      }}
    >
      <Icon
        titleAccess={t(`compare.${trend}`)}
        sx={{
          fontSize: 16,
          color: trend === 'up' ? 'success.main' : trend === 'down' ? 'error.main' : undefined,
        }}
      />
      <Box component="span" sx={{ overflowWrap: 'anywhere' }}>
        {t('compare.yesterdayValue', { value: text })}
      </Box>
    </Box>
  );
}
