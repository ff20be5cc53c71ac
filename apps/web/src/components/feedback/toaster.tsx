import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import { useEffect } from 'react';
import { MuiTheme } from '../../app/mui-theme';
import { type Toast, toast, useToasts } from './toast-store';

function ToastItem({ item }: { item: Toast }) {
  useEffect(() => {
    const timer = setTimeout(() => toast.dismiss(item.id), item.duration);
    return () => clearTimeout(timer);
  }, [item.id, item.duration]);
  return (
    <Alert
      variant="filled"
      severity={item.severity}
      onClose={() => toast.dismiss(item.id)}
      sx={{ boxShadow: 3, pointerEvents: 'auto', wordBreak: 'break-word' }}
      data-testid={`toast-${item.severity}`}
    >
      {item.message}
    </Alert>
  );
}

/**
 * The toast stack, top-right (spec §8, §9; at the bottom on a phone). Loaded by FeedbackHost when the first toast shows,
 * with the MUI theme (the root has none: decision 005).
 */
export default function Toaster() {
  return (
    <MuiTheme>
      <ToastStack />
    </MuiTheme>
  );
}

function ToastStack() {
  const items = useToasts();
  return (
    <Box
      role="status"
      aria-live="polite"
      sx={{
        position: 'fixed',
        // Wide screens: top right, below the top bar, so its language switch and profile menu
        // stay reachable. Phones: at the bottom, where they cover neither the menu button nor the
        // drawer's title and role (issue 12).
        top: { xs: 'auto', sm: 72 },
        bottom: { xs: 8, sm: 'auto' },
        right: { xs: 8, sm: 16 },
        left: { xs: 8, sm: 'auto' },
        zIndex: (t) => t.zIndex.snackbar,
        display: 'flex',
        flexDirection: 'column',
        gap: 1,
        maxWidth: { sm: 420 },
        pointerEvents: 'none',
      }}
    >
      {items.map((item) => (
        <ToastItem key={item.id} item={item} />
      ))}
    </Box>
  );
}
