import Box from '@mui/material/Box';
import GlobalStyles from '@mui/material/GlobalStyles';
import Typography from '@mui/material/Typography';
import { formatDateTime } from '../../../lib/format';

/**
 * A4 paper: only the report. The app's chrome (top bar, drawer, its spacer), the toolbar and
 * every button stay on screen; colours of the chart are kept.
 */
const PRINT_CSS = {
  '@page': { size: 'A4', margin: '12mm' },
  '@media print': {
    'html, body': { background: '#fff !important' },
    'header.MuiAppBar-root, .MuiDrawer-root, main > .MuiToolbar-root, main > .MuiLinearProgress-root, button, .MuiButton-root, .MuiSnackbar-root':
      { display: 'none !important' },
    'main, main > div': { padding: '0 !important', background: '#fff !important' },
    'main table td, main table th': { fontSize: '8.5pt', padding: '2px 4px' },
    '[data-print-only]': { display: 'block !important' },
    svg: { printColorAdjust: 'exact', WebkitPrintColorAdjust: 'exact' },
  },
} as const;

/** The printed page's heading: the report, the shop(s), the period and how days were counted. */
export function ReportPrintHeader({ lines }: { lines: string[] }) {
  const [title, ...rest] = lines;
  return (
    <>
      <GlobalStyles styles={PRINT_CSS} />
      <Box data-print-only sx={{ display: 'none', mb: 2 }} data-testid="print-header">
        <Typography variant="h6" component="p" sx={{ fontWeight: 700 }}>
          {title}
        </Typography>
        {rest.map((line) => (
          <Typography key={line} variant="body2">
            {line}
          </Typography>
        ))}
        <Typography variant="caption" color="text.secondary">
          {formatDateTime(new Date())}
        </Typography>
      </Box>
    </>
  );
}
