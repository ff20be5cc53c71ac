import CssBaseline from '@mui/material/CssBaseline';
import { Outlet } from 'react-router';
import { MuiTheme } from '../mui-theme';

/** The routes drawn with MUI (every signed-in screen, the public pages but the login): its theme. */
export default function MuiLayout() {
  return (
    <MuiTheme>
      <CssBaseline />
      <Outlet />
    </MuiTheme>
  );
}
