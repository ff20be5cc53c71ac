import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';

/** A titled block of a report (the chart, a table); kept whole on a printed page when it fits. */
export function ReportSection({
  title,
  children,
  testId,
}: {
  title: string;
  children: ReactNode;
  testId?: string;
}) {
  return (
    <Paper
      variant="outlined"
      sx={{
        mb: 2,
        minWidth: 0,
        overflow: 'hidden',
        '@media print': { border: 0, breakInside: 'avoid-page', mb: 1 },
      }}
      data-testid={testId}
    >
      <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 600, px: 2, pt: 1.5, pb: 1 }}>
        {title}
      </Typography>
      {children}
    </Paper>
  );
}
