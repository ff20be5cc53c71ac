import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';

/**
 * A screen's title (h1) with its main actions on the right, wrapping on a phone. `actionsBelowOnPhone`
 * puts wide actions on their own line below 600 px from the start, so the header keeps its height
 * when a subtitle that arrives later would have made them wrap (a layout shift).
 */
export function PageHeader({
  title,
  subtitle,
  actions,
  actionsBelowOnPhone = false,
}: {
  title: string;
  subtitle?: string;
  actions?: ReactNode;
  actionsBelowOnPhone?: boolean;
}) {
  return (
    <Box
      sx={{
        display: 'flex',
        flexWrap: 'wrap',
        alignItems: 'center',
        justifyContent: 'space-between',
        gap: 2,
        mb: 2,
      }}
    >
      <Box sx={{ minWidth: 0 }}>
        <Typography variant="h5" component="h1" sx={{ fontWeight: 600 }}>
          {title}
        </Typography>
        {subtitle && (
          <Typography variant="body2" color="text.secondary">
            {subtitle}
          </Typography>
        )}
      </Box>
      {actions && (
        <Box
          sx={{
            display: 'flex',
            gap: 1,
            flexWrap: 'wrap',
            ...(actionsBelowOnPhone && { width: { xs: '100%', sm: 'auto' } }),
          }}
        >
          {actions}
        </Box>
      )}
    </Box>
  );
}
