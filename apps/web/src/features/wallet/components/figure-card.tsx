import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';

/** One headline figure (a balance, what is owed): label above, the figure large. */
export function FigureCard({
  label,
  value,
  tone,
  testId,
}: {
  label: string;
  value: ReactNode;
  tone?: 'error.main' | 'success.main';
  testId: string;
}) {
  return (
    <Paper variant="outlined" sx={{ p: 1.5, minWidth: 0 }} data-testid={testId}>
      <Typography variant="body2" color="text.secondary">
        {label}
      </Typography>
      <Typography
        // Two cards side by side on a phone: a balance in the billions wraps rather than spill over.
        sx={{ fontSize: { xs: 18, sm: 22 }, fontWeight: 700, overflowWrap: 'anywhere', color: tone }}
        data-testid={`${testId}-value`}
      >
        {value}
      </Typography>
    </Paper>
  );
}

/** Headline figures side by side: two on a phone, four on a wider screen. */
export function FigureGrid({ children }: { children: ReactNode }) {
  return (
    <Box
      sx={{
        display: 'grid',
        gap: 1.5,
        mb: 2,
        gridTemplateColumns: { xs: 'repeat(2, minmax(0, 1fr))', md: 'repeat(4, minmax(0, 1fr))' },
      }}
    >
      {children}
    </Box>
  );
}
