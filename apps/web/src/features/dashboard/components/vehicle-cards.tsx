import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
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

function VehicleCard({ row }: { row: VehicleRow }) {
  const { t } = useTranslation(['dashboard', 'common']);
  const cell = { px: 1, py: 0.5 };
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
      <Table size="small" sx={{ tableLayout: 'fixed' }}>
        <TableHead>
          <TableRow>
            <TableCell sx={{ ...cell, width: '36%' }}>{t('byVehicle.figure')}</TableCell>
            <TableCell sx={cell} align="right">
              {t('compare.today')}
            </TableCell>
            <TableCell sx={cell} align="right">
              {t('compare.yesterday')}
            </TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {ROWS.map(({ key, label, money }) => {
            const format = money ? formatKip : formatCount;
            return (
              <TableRow key={key} data-testid={`vehicle-row-${key}`}>
                <TableCell sx={{ ...cell, color: 'text.secondary' }}>{t(`figures.${label}`)}</TableCell>
                <TableCell sx={{ ...cell, fontWeight: 600, overflowWrap: 'anywhere' }} align="right">
                  {format(row.today[key])}
                </TableCell>
                <TableCell sx={{ ...cell, color: 'text.secondary', overflowWrap: 'anywhere' }} align="right">
                  {format(row.yesterday[key])}
                </TableCell>
              </TableRow>
            );
          })}
        </TableBody>
      </Table>
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
