import Box from '@mui/material/Box';
import type { ReactNode } from 'react';

/**
 * A list's search and two filters: one row on a desktop (the search wider), the search above the
 * two on a tablet, one under another on a phone.
 */
export function FilterBar({ children }: { children: ReactNode }) {
  return (
    <Box
      sx={{
        display: 'grid',
        gap: 1.5,
        gridTemplateColumns: {
          xs: 'minmax(0, 1fr)',
          sm: 'repeat(2, minmax(0, 1fr))',
          md: 'minmax(0, 2fr) minmax(0, 1fr) minmax(0, 1fr)',
        },
        '& > :first-of-type': { gridColumn: { sm: '1 / -1', md: 'auto' } },
        mb: 2,
      }}
    >
      {children}
    </Box>
  );
}
