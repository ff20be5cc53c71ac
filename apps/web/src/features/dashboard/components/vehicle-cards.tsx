import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { VehicleIcon } from '../../../components/vehicle-icon';
import { formatKip } from '../../../lib/format';
import { type DayFigures, formatCount, type VehicleRow } from '../dashboard-figures';
import { LAYOUT } from './layout';

const ROWS: { key: keyof DayFigures; label: string; money?: boolean }[] = [
  { key: 'amount', label: 'amount', money: true },
  { key: 'cashAmount', label: 'cash', money: true },
  { key: 'qrAmount', label: 'qr', money: true },
  { key: 'billsIn', label: 'billsIn' },
  { key: 'billsOut', label: 'billsOut' },
  { key: 'lost', label: 'lost' },
  { key: 'cancelled', label: 'cancelled' },
];

/**
 * The look of MUI's small table (body2 text, a divider under each row, head cells in medium
 * weight) as one style on a plain table: a card holds 24 cells, and one MUI TableCell is a styled
 * component of its own to render and commit, which the first screen of a phone felt (decision 024).
 */
const TABLE_SX = {
  width: '100%',
  tableLayout: 'fixed',
  borderCollapse: 'collapse',
  borderSpacing: 0,
  typography: 'body2',
  '& th, & td': {
    px: 1,
    py: 0.5,
    textAlign: 'right',
    verticalAlign: 'inherit',
    // MUI's cell border: the divider colour made opaque and lightened.
    borderBottom: '1px solid rgb(224, 224, 224)',
    color: 'text.primary',
    overflowWrap: 'anywhere',
  },
  '& th': { fontWeight: 500, lineHeight: '1.5rem' },
  '& th:first-of-type': { width: '36%', textAlign: 'left' },
  '& td:first-of-type': { color: 'text.secondary', textAlign: 'left' },
  '& td:nth-of-type(2)': { fontWeight: 600 },
  '& td:nth-of-type(3)': { color: 'text.secondary' },
} as const;

function VehicleCard({ row }: { row: VehicleRow }) {
  const { t } = useTranslation(['dashboard', 'common']);
  return (
    <Paper variant="outlined" sx={{ p: 1.5, minWidth: 0 }} data-testid={`vehicle-${row.vehicleType}`}>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, mb: 1, flexWrap: 'wrap' }}>
        <VehicleIcon type={row.vehicleType} color="primary" />
        <Typography component="h3" sx={{ fontWeight: 600, flex: 1 }}>
          {t(`common:vehicles.${row.vehicleType}`)}
        </Typography>
        <Chip
          size="small"
          color="primary"
          variant="outlined"
          label={`${t('figures.parkedNow')} ${formatCount(row.today.parkedNow)}`}
          data-testid="vehicle-parked"
        />
      </Box>
      <Box component="table" sx={TABLE_SX}>
        <thead>
          <tr>
            <th scope="col">{t('byVehicle.figure')}</th>
            <th scope="col">{t('compare.today')}</th>
            <th scope="col">{t('compare.yesterday')}</th>
          </tr>
        </thead>
        <tbody>
          {ROWS.map(({ key, label, money }) => {
            const format = money ? formatKip : formatCount;
            return (
              <tr key={key} data-testid={`vehicle-row-${key}`}>
                <td>{t(`figures.${label}`)}</td>
                <td>{format(row.today[key])}</td>
                <td>{format(row.yesterday[key])}</td>
              </tr>
            );
          })}
        </tbody>
      </Box>
    </Paper>
  );
}

/** One card per vehicle type either day has: stacked on a phone, side by side on a desktop. */
export function VehicleCards({ rows }: { rows: VehicleRow[] }) {
  const { t } = useTranslation('dashboard');
  if (rows.length === 0) return null;
  return (
    <Box component="section" aria-labelledby="by-vehicle-title" sx={{ minWidth: 0 }}>
      <Typography id="by-vehicle-title" variant="subtitle1" component="h2" sx={{ fontWeight: 600, mb: 1 }}>
        {t('byVehicle.title')}
      </Typography>
      <Box sx={LAYOUT.vehicles}>
        {rows.map((row) => (
          <VehicleCard key={row.vehicleType} row={row} />
        ))}
      </Box>
    </Box>
  );
}
