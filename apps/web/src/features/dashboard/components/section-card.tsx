import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';

/** One block of the dashboard: a titled card that never grows wider than its grid cell. */
export function SectionCard({
  title,
  subtitle,
  children,
  'data-testid': testId,
}: {
  title: string;
  subtitle?: ReactNode;
  children: ReactNode;
  'data-testid'?: string;
}) {
  return (
    <Paper variant="outlined" component="section" sx={{ p: 2, minWidth: 0 }} data-testid={testId}>
      <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 600 }}>
        {title}
      </Typography>
      {subtitle && (
        <Typography variant="body2" color="text.secondary" component="div">
          {subtitle}
        </Typography>
      )}
      {children}
    </Paper>
  );
}
