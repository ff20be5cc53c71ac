import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import type { ReportBalance } from '@parking-hub/contracts/reports';
import { useTranslation } from 'react-i18next';
import { VehicleIcon } from '../../../components/vehicle-icon';
import { formatCount } from '../dashboard-figures';

/** The vehicles inside right now: the figure a shop checks first, so it comes first and large. */
export function ParkedNowCard({ today }: { today: ReportBalance }) {
  const { t } = useTranslation(['dashboard', 'common']);
  const types = today.byVehicle.filter((v) => v.parkedNow > 0);
  return (
    <Paper
      component="section"
      aria-labelledby="parked-now-title"
      sx={{ p: 2, minWidth: 0, bgcolor: 'primary.main', color: 'primary.contrastText' }}
      data-testid="parked-now"
    >
      <Typography id="parked-now-title" variant="subtitle1" component="h2" sx={{ fontWeight: 600 }}>
        {t('parkedNow.title')}
      </Typography>
      <Typography sx={{ fontSize: 48, fontWeight: 700, lineHeight: 1.2 }} data-testid="parked-now-total">
        {formatCount(today.totals.parkedNow)}
      </Typography>
      {types.length === 0 ? (
        <Typography variant="body2" sx={{ opacity: 0.85 }}>
          {t('parkedNow.none')}
        </Typography>
      ) : (
        <Box component="ul" sx={{ listStyle: 'none', p: 0, m: 0, display: 'flex', flexWrap: 'wrap', gap: 2 }}>
          {types.map((v) => (
            <Box
              component="li"
              key={v.vehicleType}
              sx={{ display: 'flex', alignItems: 'center', gap: 0.75 }}
              data-testid={`parked-now-${v.vehicleType}`}
            >
              <VehicleIcon type={v.vehicleType} fontSize="small" />
              <span>{t(`common:vehicles.${v.vehicleType}`)}</span>
              <Box component="strong" sx={{ fontSize: 18 }}>
                {formatCount(v.parkedNow)}
              </Box>
            </Box>
          ))}
        </Box>
      )}
    </Paper>
  );
}
