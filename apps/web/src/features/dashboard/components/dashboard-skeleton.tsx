import Box from '@mui/material/Box';
import Skeleton from '@mui/material/Skeleton';
import { LAYOUT } from './layout';

/** The dashboard's shape while its first answers are on the way (nothing that looks like a figure). */
export function DashboardSkeleton() {
  return (
    <Box sx={{ display: 'grid', gap: 2 }} data-testid="dashboard-loading" aria-busy="true">
      <Box sx={LAYOUT.top}>
        <Skeleton variant="rounded" height={150} />
        <Box sx={LAYOUT.figures}>
          <Skeleton variant="rounded" height={96} sx={{ ...LAYOUT.money, height: 'auto', minHeight: 96 }} />
          {[1, 2, 3, 4].map((i) => (
            <Skeleton key={i} variant="rounded" height={96} />
          ))}
        </Box>
      </Box>
      <VehiclesSkeleton />
    </Box>
  );
}

/** The vehicle cards' place, while they are drawn after the top cards (dashboard-body.tsx). */
export function VehiclesSkeleton() {
  return (
    <Box sx={LAYOUT.vehicles} aria-busy="true">
      <Skeleton variant="rounded" height={280} />
      <Skeleton variant="rounded" height={280} sx={{ display: { xs: 'none', sm: 'block' } }} />
    </Box>
  );
}
