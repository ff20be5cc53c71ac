import Box from '@mui/material/Box';
import { useTranslation } from 'react-i18next';
import { shopHours } from '../shop-format';

/** '07:00–22:00', '18:00–02:00' over "closes the next day", or "open 24 hours". */
export function ShopHoursText({ open, close }: { open: string | null; close: string | null }) {
  const { t } = useTranslation('shops');
  const hours = shopHours(open, close);
  if (hours.allDay)
    return (
      <Box component="span" sx={{ whiteSpace: 'nowrap' }} data-testid="shop-hours">
        {t('hours.allDay')}
      </Box>
    );
  return (
    <Box component="span" data-testid="shop-hours">
      <Box component="span" sx={{ whiteSpace: 'nowrap' }}>
        {hours.open}–{hours.close}
      </Box>
      {hours.overnight && (
        <Box component="span" sx={{ display: 'block', color: 'text.secondary', fontSize: '0.75rem' }}>
          {t('hours.nextDay')}
        </Box>
      )}
    </Box>
  );
}
