import { ThemeProvider } from '@mui/material/styles';
import type { ReactNode } from 'react';
import { theme } from './theme';

/**
 * The MUI theme around a part of the page drawn with MUI. Not at the root: the login route is
 * drawn without MUI (decision 005), so MUI and the theme load with the first screen that uses them.
 */
export function MuiTheme({ children }: { children: ReactNode }) {
  return <ThemeProvider theme={theme}>{children}</ThemeProvider>;
}
