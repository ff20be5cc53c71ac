import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { InvoiceDetail, RentPayment } from '@parking-hub/contracts/rent';
import { useTranslation } from 'react-i18next';
import { DetailSection } from '../../../components/detail-section';
import { Fact, Facts } from '../../../components/facts';
import { formatDateTime, formatKip } from '../../../lib/format';
import { formatMonth } from '../../../lib/months';
import { showDay } from '../rent-format';
import { InvoiceLines, InvoiceSums } from './invoice-lines';
import { InvoiceMessageStatus } from './invoice-message-status';

export type RentRole = 'admin' | 'agent' | 'manager';

function Payments({
  invoice,
  canReverse,
  onReverse,
}: {
  invoice: InvoiceDetail;
  canReverse: boolean;
  onReverse: (p: RentPayment) => void;
}) {
  const { t } = useTranslation('rent');
  if (invoice.payments.length === 0)
    return <Typography color="text.secondary">{t('detail.noPayments')}</Typography>;
  return (
    <Stack divider={<Box sx={{ borderTop: 1, borderColor: 'divider' }} />} data-testid="invoice-payments">
      {invoice.payments.map((p) => (
        <Box
          key={p.id}
          sx={{ display: 'flex', gap: 1, py: 1, alignItems: 'center' }}
          data-testid="payment-row"
        >
          <Box sx={{ flex: 1, minWidth: 0 }}>
            <Typography sx={{ fontWeight: 600, color: p.amount < 0 ? 'error.main' : undefined }}>
              <Box component="span" sx={{ whiteSpace: 'nowrap' }} data-testid="payment-amount">
                {formatKip(p.amount)}
              </Box>{' '}
              · {t(`method.${p.method}`)}
              {p.reversesId && ` · ${t('detail.reversal')}`}
            </Typography>
            <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
              {formatDateTime(p.paidAt)}
              {p.recordedByName && ` · ${p.recordedByName}`}
              {p.reference && ` · ${p.reference}`}
              {p.note && ` · ${p.note}`}
            </Typography>
          </Box>
          {p.reversedBy && <Chip size="small" label={t('detail.reversed')} data-testid="payment-reversed" />}
          {canReverse && p.amount > 0 && !p.reversedBy && !p.reversesId && (
            <Button size="small" color="error" onClick={() => onReverse(p)} data-testid="payment-reverse">
              {t('actions.reverse')}
            </Button>
          )}
        </Box>
      ))}
    </Stack>
  );
}

function Facts4({ invoice }: { invoice: InvoiceDetail }) {
  const { t } = useTranslation('rent');
  return (
    <Facts columns={{ xs: 'repeat(2, minmax(0, 1fr))', sm: 'repeat(3, minmax(0, 1fr))' }}>
      <Fact label={t('fields.shop')} testId="detail-shop">
        {invoice.shopName}
      </Fact>
      <Fact label={t('fields.month')}>{formatMonth(invoice.month)}</Fact>
      <Fact label={t('fields.dueDate')} testId="detail-due-date">
        <Box component="span" sx={{ color: invoice.overdue ? 'error.main' : undefined }}>
          {showDay(invoice.dueDate)}
        </Box>
      </Fact>
      <Fact label={t('fields.package')}>{invoice.packageName ?? '—'}</Fact>
      <Fact label={t('fields.tickets')}>
        {t('detail.ticketsLine', {
          tickets: invoice.tickets.toLocaleString('en-US'),
          included: invoice.ticketsIncluded.toLocaleString('en-US'),
        })}
      </Fact>
      <Fact label={t('fields.agent')}>{invoice.agentName ?? '—'}</Fact>
      <Fact label={t('fields.message')} wide>
        <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap' }}>
          <InvoiceMessageStatus status={invoice.messageStatus} />
          {invoice.sentAt && (
            <Typography variant="body2" color="text.secondary" component="span" data-testid="detail-sent">
              {t('detail.sentTimes', { count: invoice.sendCount, at: formatDateTime(invoice.sentAt) })}
            </Typography>
          )}
        </Box>
      </Fact>
    </Facts>
  );
}

/** What an invoice says: its facts, adjust and void notes, lines, sums and payments. */
export function InvoiceDetailBody({
  invoice,
  role,
  onReverse,
}: {
  invoice: InvoiceDetail;
  role: RentRole;
  onReverse: (p: RentPayment) => void;
}) {
  const { t } = useTranslation('rent');
  return (
    <>
      <Facts4 invoice={invoice} />
      {invoice.adjustedAt && invoice.adjustReason && (
        <Alert severity="info" sx={{ mt: 2 }} data-testid="detail-adjusted">
          {t('detail.adjusted', { at: formatDateTime(invoice.adjustedAt), reason: invoice.adjustReason })}
        </Alert>
      )}
      {invoice.voidedAt && (
        <Alert severity="warning" sx={{ mt: 2 }} data-testid="detail-voided">
          {invoice.voidReason
            ? t('detail.voidedReason', { at: formatDateTime(invoice.voidedAt), reason: invoice.voidReason })
            : t('detail.voided', { at: formatDateTime(invoice.voidedAt) })}
        </Alert>
      )}
      <DetailSection title={t('detail.lines')}>
        <InvoiceLines lines={invoice.lines} />
        <InvoiceSums sums={invoice} />
      </DetailSection>
      <DetailSection title={t('detail.payments')}>
        <Payments invoice={invoice} canReverse={role === 'admin'} onReverse={onReverse} />
      </DetailSection>
    </>
  );
}
