import Print from '@mui/icons-material/PrintOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import GlobalStyles from '@mui/material/GlobalStyles';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import type { PublicInvoice } from '@parking-hub/contracts/rent';
import { useTranslation } from 'react-i18next';
import { formatDate, formatKip } from '../../../lib/format';
import { formatMonth } from '../../../lib/months';
import { formatPhone } from '../../../lib/public-company';
import { showDay } from '../rent-format';
import { InvoiceLines, InvoiceSums } from './invoice-lines';

/**
 * A4 portrait: only the invoice is printed (not the language bar, the footer or the buttons), on
 * white, its QR and stamp in colour; a usual invoice fits one page.
 */
const PRINT_CSS = {
  '@page': { size: 'A4 portrait', margin: '12mm' },
  '@media print': {
    'html, body, .ph-public, .ph-public__main': { background: '#fff !important', minHeight: '0 !important' },
    '.ph-public__bar, .ph-footer, button, .MuiButton-root, [data-screen-only]': {
      display: 'none !important',
    },
    '.ph-public__main': { padding: '0 !important' },
    '[data-testid="public-invoice"]': {
      border: 'none !important',
      boxShadow: 'none !important',
      maxWidth: 'none !important',
      margin: '0 !important',
      fontSize: '10.5pt',
    },
    '[data-testid="public-invoice-page"]': { padding: '0 !important', maxWidth: 'none !important' },
    'img, [data-testid="invoice-stamp"]': { printColorAdjust: 'exact', WebkitPrintColorAdjust: 'exact' },
  },
} as const;

function Company({ company }: { company: PublicInvoice['company'] }) {
  const { t } = useTranslation('rent');
  const contacts = [
    company.telephone && `${t('public.tel')} ${formatPhone(company.telephone)}`,
    company.whatsapp && `${t('public.whatsapp')} ${formatPhone(company.whatsapp)}`,
    company.email && `${t('public.email')} ${company.email}`,
  ].filter(Boolean);
  return (
    <Box
      sx={{ display: 'flex', gap: 1.5, alignItems: 'flex-start', minWidth: 0 }}
      data-testid="invoice-company"
    >
      {company.logoPath && (
        <Box
          component="img"
          src={company.logoPath}
          alt=""
          sx={{ width: 64, height: 64, objectFit: 'contain', flex: '0 0 auto' }}
          data-testid="invoice-logo"
        />
      )}
      <Box sx={{ minWidth: 0 }}>
        <Typography sx={{ fontWeight: 700, fontSize: 18, overflowWrap: 'anywhere' }}>
          {company.name ?? 'Parking Hub'}
          {company.branch && ` · ${company.branch}`}
        </Typography>
        {company.address && (
          <Typography
            variant="body2"
            color="text.secondary"
            sx={{ overflowWrap: 'anywhere', whiteSpace: 'pre-line' }}
          >
            {company.address}
          </Typography>
        )}
        {contacts.length > 0 && (
          <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
            {contacts.join(' · ')}
          </Typography>
        )}
      </Box>
    </Box>
  );
}

function Stamp({ status }: { status: PublicInvoice['status'] }) {
  const { t } = useTranslation('rent');
  if (status !== 'PAID' && status !== 'VOID') return null;
  const color = status === 'PAID' ? '#1b7f3b' : '#c62828';
  return (
    <Box
      sx={{
        position: 'absolute',
        top: { xs: 96, sm: 40 },
        right: { xs: 12, sm: '34%' },
        transform: 'rotate(-14deg)',
        border: `4px solid ${color}`,
        color,
        borderRadius: 2,
        px: 2,
        py: 0.5,
        fontWeight: 800,
        fontSize: { xs: 24, sm: 32 },
        letterSpacing: 2,
        opacity: 0.8,
        pointerEvents: 'none',
        textTransform: 'uppercase',
        bgcolor: 'rgba(255,255,255,0.6)',
      }}
      data-testid="invoice-stamp"
      data-status={status}
    >
      {t(status === 'PAID' ? 'public.stampPaid' : 'public.stampVoid')}
    </Box>
  );
}

function Pay({ invoice }: { invoice: PublicInvoice }) {
  const { t } = useTranslation('rent');
  if (invoice.status === 'VOID' || invoice.status === 'PAID' || invoice.due <= 0) return null;
  return (
    <Box
      sx={{
        display: 'flex',
        flexDirection: { xs: 'column', sm: 'row' },
        alignItems: 'center',
        gap: 2,
        p: 2,
        mt: 2,
        border: 1,
        borderColor: 'divider',
        borderRadius: 1,
        breakInside: 'avoid',
      }}
      data-testid="invoice-pay"
    >
      {invoice.qr ? (
        <Box
          component="img"
          src={invoice.qr.image}
          alt={t('public.payBy')}
          sx={{ width: 180, height: 180, maxWidth: '100%', imageRendering: 'pixelated', flex: '0 0 auto' }}
          data-testid="invoice-qr"
        />
      ) : null}
      <Box sx={{ textAlign: { xs: 'center', sm: 'left' }, minWidth: 0 }}>
        <Typography sx={{ fontWeight: 600 }}>{t('public.payBy')}</Typography>
        <Typography variant="body2" color="text.secondary">
          {invoice.qr ? t('public.scan') : t('public.noQr')}
        </Typography>
        <Typography variant="body2" sx={{ mt: 1 }}>
          {t('public.amountDue')}
        </Typography>
        <Typography
          sx={{ fontWeight: 800, fontSize: 28, whiteSpace: 'nowrap' }}
          data-testid="invoice-qr-amount"
        >
          {formatKip(invoice.due)}
        </Typography>
        <Typography variant="body2" color="text.secondary">
          {t('fields.dueDate')}: {showDay(invoice.dueDate)}
        </Typography>
      </Box>
    </Box>
  );
}

/** The shop's invoice as it is sent and printed: who bills whom, for which month, the lines, the sums and the QR. */
export function PublicInvoiceView({ invoice }: { invoice: PublicInvoice }) {
  const { t } = useTranslation('rent');
  const fact = (label: string, value: string, testId?: string) => (
    <Box sx={{ display: 'flex', justifyContent: 'space-between', gap: 2 }}>
      <Box component="span" sx={{ color: 'text.secondary' }}>
        {label}
      </Box>
      <Box component="span" sx={{ fontWeight: 600, textAlign: 'right' }} data-testid={testId}>
        {value}
      </Box>
    </Box>
  );
  return (
    <>
      <GlobalStyles styles={PRINT_CSS} />
      <Box sx={{ display: 'flex', justifyContent: 'flex-end', mb: 1 }} data-screen-only>
        <Button
          variant="contained"
          startIcon={<Print />}
          onClick={() => window.print()}
          data-testid="invoice-print"
        >
          {t('actions.print')}
        </Button>
      </Box>
      <Paper
        variant="outlined"
        sx={{ p: { xs: 2, sm: 4 }, position: 'relative', overflow: 'hidden' }}
        data-testid="public-invoice"
      >
        <Stamp status={invoice.status} />
        <Box
          sx={{
            display: 'flex',
            flexDirection: { xs: 'column', sm: 'row' },
            justifyContent: 'space-between',
            gap: 2,
          }}
        >
          <Company company={invoice.company} />
          <Box
            sx={{ textAlign: { sm: 'right' }, flex: '0 0 auto', typography: 'body2', minWidth: { sm: 220 } }}
          >
            <Typography variant="h5" component="h1" sx={{ fontWeight: 700, textAlign: { sm: 'right' } }}>
              {t('public.title')}
            </Typography>
            {fact(t('fields.number'), invoice.number, 'invoice-number')}
            {fact(t('fields.month'), formatMonth(invoice.month), 'invoice-month')}
            {fact(t('fields.issuedAt'), formatDate(invoice.issuedAt))}
            {fact(t('fields.dueDate'), showDay(invoice.dueDate), 'invoice-due-date')}
          </Box>
        </Box>
        <Divider sx={{ my: 2 }} />
        <Box sx={{ typography: 'body2', mb: 2 }} data-testid="invoice-shop">
          <Box sx={{ color: 'text.secondary' }}>{t('public.billTo')}</Box>
          <Typography sx={{ fontWeight: 700, overflowWrap: 'anywhere' }}>
            {invoice.shop.name} ({invoice.shop.code})
          </Typography>
          {invoice.shop.address && <Box sx={{ overflowWrap: 'anywhere' }}>{invoice.shop.address}</Box>}
          {invoice.shop.phone && <Box>{formatPhone(invoice.shop.phone)}</Box>}
          <Box sx={{ mt: 0.5 }}>{t('public.forMonth', { month: formatMonth(invoice.month) })}</Box>
        </Box>
        <InvoiceLines lines={invoice.lines} />
        <InvoiceSums sums={invoice} />
        <Pay invoice={invoice} />
        <Typography variant="body2" color="text.secondary" sx={{ textAlign: 'center', mt: 3 }}>
          {t('public.thanks')}
        </Typography>
      </Paper>
    </>
  );
}
