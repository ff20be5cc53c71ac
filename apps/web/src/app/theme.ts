import { createTheme } from '@mui/material/styles';

/** Spec §9: theme colours, modal width; Noto Sans Lao first so Lao text never falls back. */
export const FONT_FAMILY =
  '"Noto Sans Lao", "Noto Sans", system-ui, -apple-system, "Segoe UI", Roboto, sans-serif';
export const DRAWER_WIDTH = 240;
export const DRAWER_COLLAPSED_WIDTH = 64;
/** At this width or less the drawer starts closed and floats over the page (spec §2, §9). */
export const MOBILE_BREAKPOINT = 960;
export const MODAL_MAX_WIDTH = 600;

export const theme = createTheme({
  palette: {
    primary: { main: '#065c3f', dark: '#075d40', contrastText: '#ffffff' },
    secondary: { main: '#0084FF', contrastText: '#ffffff' },
    info: { main: '#0084FF' },
    warning: { main: '#FF0000' },
    success: { main: '#00C8FF', contrastText: '#ffffff' },
    background: { default: '#f4f6f5' },
  },
  typography: {
    fontFamily: FONT_FAMILY,
    button: { textTransform: 'none', fontWeight: 600 },
  },
  shape: { borderRadius: 8 },
  components: {
    MuiDialog: {
      defaultProps: { fullWidth: true },
      styleOverrides: { paper: { maxWidth: MODAL_MAX_WIDTH, margin: 16, width: 'calc(100% - 32px)' } },
    },
    MuiListItemButton: { styleOverrides: { root: { minHeight: 48 } } },
    MuiTextField: { defaultProps: { size: 'small', fullWidth: true } },
    MuiButton: { defaultProps: { disableElevation: true } },
  },
});
