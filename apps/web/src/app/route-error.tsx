import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { isRouteErrorResponse, useRouteError } from 'react-router';
import { MuiTheme } from './mui-theme';

function errorText(error: unknown): string {
  if (isRouteErrorResponse(error)) return `${error.status} ${error.statusText}`;
  if (error instanceof Error) return error.message;
  return String(error);
}

/**
 * Spec §8: an unhandled routing failure shows this heading and the error text. Its own chunk
 * with MUI (the router's errorElement loads it): decision 005.
 */
export default function RouteError() {
  return (
    <MuiTheme>
      <RouteErrorText />
    </MuiTheme>
  );
}

function RouteErrorText() {
  const error = useRouteError();
  return (
    <Box sx={{ p: 4, maxWidth: 720, mx: 'auto' }}>
      <Typography variant="h4" component="h1" gutterBottom>
        Unexpected Application Error!
      </Typography>
      <Typography
        component="pre"
        sx={{
          whiteSpace: 'pre-wrap',
          overflowWrap: 'anywhere',
          color: 'error.main',
          fontFamily: 'monospace',
        }}
      >
        {errorText(error)}
      </Typography>
      <Button variant="outlined" href="/" sx={{ mt: 2 }}>
        ← /
      </Button>
    </Box>
  );
}
