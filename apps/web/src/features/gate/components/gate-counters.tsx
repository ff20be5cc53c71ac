import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import type { VehicleType } from '@parking-hub/contracts/vehicles';
import { useTranslation } from 'react-i18next';
import { VehicleIcon } from '../../../components/vehicle-icon';
import { formatKip } from '../../../lib/format';
import { useSession } from '../../../lib/session-store';
import { useByClosing } from '../../../lib/use-by-closing';
import { presetRange } from '../../bills/date-range';
import { useBalance } from '../../dashboard/api/get-balance';
import { usePaymentByStaff } from '../../reports/api/get-payment-by-staff';

const cardSx = { p: { xs: 1.5, sm: 2 }, flex: '1 1 240px', minWidth: 0 } as const;

/**
 * The top of the gate: vehicles inside the shop now, per type (today's balance, refreshed every
 * minute and after every check-in and check-out), and the cash the signed-in staff member took
 * today, which is what their drawer should hold (payment by staff, their own row).
 */
export function GateCounters({ shopId, timeZone }: { shopId: string; timeZone: string }) {
  const { t } = useTranslation(['gate', 'common']);
  const [byClosing] = useByClosing();
  const me = useSession((s) => s.id);
  const balance = useBalance('today', { shopId, byClosing });
  const today = presetRange('today', new Date(), timeZone);
  const money = usePaymentByStaff({ shopId, from: today.from, to: today.to, byClosing });
  const mine = money.data?.rows.find((r) => r.staffId === me);
  const inside = balance.data?.byVehicle.filter((v) => v.parkedNow > 0) ?? [];

  return (
    <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: { xs: 1, sm: 2 }, mb: 2 }}>
      <Paper variant="outlined" sx={cardSx} data-testid="gate-inside">
        <Typography variant="body2" color="text.secondary">
          {t('counters.inside')}
        </Typography>
        {balance.data ? (
          <Box sx={{ display: 'flex', alignItems: 'baseline', flexWrap: 'wrap', columnGap: 2, rowGap: 0.5 }}>
            <Typography
              component="p"
              sx={{ fontSize: 32, fontWeight: 700, lineHeight: 1.2 }}
              data-testid="gate-inside-total"
            >
              {balance.data.totals.parkedNow.toLocaleString('en-US')}
            </Typography>
            {inside.map((v) => (
              <Box
                key={v.vehicleType}
                sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5 }}
                data-testid={`gate-inside-${v.vehicleType}`}
              >
                <VehicleIcon type={v.vehicleType as VehicleType} fontSize="small" color="action" />
                <span>{t(`common:vehicles.${v.vehicleType}`)}</span>
                <strong>{v.parkedNow.toLocaleString('en-US')}</strong>
              </Box>
            ))}
          </Box>
        ) : balance.isError ? (
          <Typography color="error">{t('counters.unavailable')}</Typography>
        ) : (
          <Skeleton width={120} height={38} />
        )}
      </Paper>
      <Paper variant="outlined" sx={cardSx} data-testid="gate-my-cash">
        <Typography variant="body2" color="text.secondary">
          {t('counters.myCash')}
        </Typography>
        {money.data ? (
          <>
            <Typography
              component="p"
              sx={{ fontSize: 32, fontWeight: 700, lineHeight: 1.2 }}
              data-testid="gate-my-cash-amount"
            >
              {formatKip(mine?.cashAmount ?? 0)}
            </Typography>
            {(mine?.qrAmount ?? 0) > 0 && (
              <Typography variant="body2" color="text.secondary">
                {t('counters.myQr', { amount: formatKip(mine?.qrAmount ?? 0) })}
              </Typography>
            )}
          </>
        ) : money.isError ? (
          <Typography color="error">{t('counters.unavailable')}</Typography>
        ) : (
          <Skeleton width={140} height={38} />
        )}
      </Paper>
    </Box>
  );
}
