import Box from '@mui/material/Box';
import GlobalStyles from '@mui/material/GlobalStyles';
import Typography from '@mui/material/Typography';
import { formatDateTime } from '../../../lib/format';

/**
 * A4 paper, landscape: a report's dozen columns fit across it at a readable size (portrait cut
 * them off). Only the report is printed. The app's chrome (top bar, drawer, its spacer), the toolbar and
 * every button stay on screen; colours of the chart are kept.
 */
const PRINT_CSS = {
  '@page': { size: 'A4 landscape', margin: '10mm' },
  '@media print': {
    'html, body': { background: '#fff !important' },
    'header.MuiAppBar-root, .MuiDrawer-root, main > .MuiToolbar-root, main > .MuiLinearProgress-root, button, .MuiButton-root, .MuiSnackbar-root':
      { display: 'none !important' },
    'main, main > div': { padding: '0 !important', background: '#fff !important' },
    // Every column on the page: small type, tight cells, headings that may wrap.
    'main .MuiTableCell-root': { fontSize: '8pt !important', padding: '2px 4px !important' },
    'main th.MuiTableCell-root': { whiteSpace: 'normal !important' },
    '[data-print-only]': { display: 'block !important' },
    '[data-screen-only]': { display: 'none !important' },
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
