import Box from '@mui/material/Box';
import type { ReactNode } from 'react';

/**
 * One event of a vertical timeline (a bill's, a message's): its icon in a ring of its tone, a line
 * down to the next event, and what to say of it beside.
 */
export function TimelineItem({
  icon,
  tone,
  last,
  children,
  testId,
  kind,
}: {
  icon: ReactNode;
  /** A palette path, e.g. 'error.main'. */
  tone: string;
  last: boolean;
  children: ReactNode;
  testId: string;
  kind?: string;
}) {
  return (
    <Box component="li" sx={{ display: 'flex', gap: 1.5 }} data-testid={testId} data-kind={kind}>
      <Box sx={{ display: 'flex', flexDirection: 'column', alignItems: 'center' }}>
        <Box
          sx={{
            width: 32,
            height: 32,
            borderRadius: '50%',
            display: 'grid',
            placeItems: 'center',
            color: tone,
            border: 2,
            borderColor: tone,
            flexShrink: 0,
          }}
        >
          {icon}
        </Box>
        {!last && <Box sx={{ flex: 1, width: 2, bgcolor: 'divider', my: 0.5 }} />}
      </Box>
      <Box sx={{ pb: last ? 0 : 2, minWidth: 0, flex: 1 }}>{children}</Box>
    </Box>
  );
}
