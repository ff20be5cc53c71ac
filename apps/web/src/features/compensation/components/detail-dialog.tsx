import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Skeleton from '@mui/material/Skeleton';
import { useTheme } from '@mui/material/styles';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { CompensationRow } from '@parking-hub/contracts/finance';
import { useTranslation } from 'react-i18next';
import { EmptyState, ErrorState } from '../../../components/states';
import { formatDateTime, formatKip } from '../../../lib/format';
import { formatMonth } from '../../../lib/months';
import { useCompensationDetail } from '../api/get-compensation';
import { percentOfBp } from '../compensation-format';
import { CommissionStatusChip } from './status-chip';

/**
 * One agent's month: each payment's commission (a reversal is negative) and the payouts made. The
 * commission comes right after the invoice, so a phone shows it without scrolling sideways.
 */
export function DetailDialog({ row, onClose }: { row: CompensationRow; onClose: () => void }) {
  const { t } = useTranslation(['finance', 'common']);
  const phone = useMediaQuery(useTheme().breakpoints.down('sm'));
  const detail = useCompensationDetail(row.agentId, row.month);
  const money = (v: number) => (
    <Box component="span" sx={{ whiteSpace: 'nowrap', color: v < 0 ? 'error.main' : undefined }}>
      {formatKip(v)}
    </Box>
  );
  let body: React.ReactNode;
  if (detail.error && !detail.data)
    body = <ErrorState error={detail.error} onRetry={() => void detail.refetch()} />;
  else if (!detail.data) body = [0, 1, 2].map((i) => <Skeleton key={i} height={36} />);
  else if (detail.data.length === 0) body = <EmptyState title={t('compensation.empty.detail')} />;
  else
    body = (
      <TableContainer sx={{ maxWidth: '100%', overflowX: 'auto' }}>
        <Table size="small" sx={{ '& td, & th': { whiteSpace: 'nowrap', px: 1 } }} data-testid="detail-table">
          <TableHead>
            <TableRow>
              <TableCell sx={{ fontWeight: 600 }}>{t('compensation.columns.invoice')}</TableCell>
              <TableCell sx={{ fontWeight: 600 }} align="right">
                {t('compensation.columns.amount')}
              </TableCell>
              <TableCell sx={{ fontWeight: 600 }} align="right">
                {t('compensation.columns.base')}
              </TableCell>
              <TableCell sx={{ fontWeight: 600 }} align="right">
                {t('compensation.columns.rate')}
              </TableCell>
              <TableCell sx={{ fontWeight: 600 }}>{t('compensation.columns.status')}</TableCell>
              <TableCell sx={{ fontWeight: 600 }}>{t('compensation.columns.when')}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {detail.data.map((c) => (
              <TableRow key={c.id} data-testid="detail-row">
                <TableCell>
                  <Box>{c.invoiceNumber}</Box>
                  <Typography variant="caption" color="text.secondary">
                    {c.shopName}
                  </Typography>
                </TableCell>
                <TableCell align="right" data-testid="detail-amount">
                  {money(c.amount)}
                </TableCell>
                <TableCell align="right">{money(c.base)}</TableCell>
                <TableCell align="right">{percentOfBp(c.rateBp)}</TableCell>
                <TableCell>
                  <CommissionStatusChip status={c.status} />
                </TableCell>
                <TableCell>{formatDateTime(c.createdAt)}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </TableContainer>
    );
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="md" fullScreen={phone} aria-labelledby="detail-title">
      <DialogTitle id="detail-title">
        {t('compensation.detail.title', { agent: row.agentName, month: formatMonth(row.month) })}
      </DialogTitle>
      <DialogContent dividers data-testid="compensation-detail">
        <Typography variant="body2" sx={{ mb: 2 }}>
          {t('compensation.detail.summary', {
            base: formatKip(row.base),
            amount: formatKip(row.amount),
            paid: formatKip(row.paid),
            pending: formatKip(row.pending),
          })}
        </Typography>
        {body}
        {row.payouts.length > 0 && (
          <Box sx={{ mt: 2 }} data-testid="detail-payouts">
            <Typography variant="subtitle2">{t('compensation.detail.payouts')}</Typography>
            {row.payouts.map((p) => (
              <Typography key={p.id} variant="body2">
                {t('compensation.detail.payout', {
                  amount: formatKip(p.amount),
                  reference: p.reference,
                  when: formatDateTime(p.paidAt),
                })}
              </Typography>
            ))}
          </Box>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('common:actions.close')}</Button>
      </DialogActions>
    </Dialog>
  );
}
