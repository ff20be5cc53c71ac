import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';

/** A list of labelled facts (a `dl`) laid out as a grid; `columns` is the grid's template. */
export function Facts({
  columns,
  children,
}: {
  columns: string | Record<string, string>;
  children: ReactNode;
}) {
  return (
    <Box component="dl" sx={{ m: 0, display: 'grid', gap: 1.5, gridTemplateColumns: columns }}>
      {children}
    </Box>
  );
}

/** One fact: a small grey label over its value; long values wrap instead of overflowing. */
export function Fact({
  label,
  children,
  testId,
  strong,
  wide,
}: {
  label: string;
  children: ReactNode;
  testId?: string;
  /** Large and bold: what staff compare at a glance (the plate). */
  strong?: boolean;
  /** Spans the whole row of the grid. */
  wide?: boolean;
}) {
  return (
    <Box sx={{ minWidth: 0, gridColumn: wide ? '1 / -1' : undefined }}>
      <Typography variant="caption" color="text.secondary" component="dt">
        {label}
      </Typography>
      <Typography
        component="dd"
        sx={{ m: 0, overflowWrap: 'anywhere', ...(strong ? { fontWeight: 700, fontSize: 18 } : {}) }}
        data-testid={testId}
      >
        {children}
      </Typography>
    </Box>
  );
}
