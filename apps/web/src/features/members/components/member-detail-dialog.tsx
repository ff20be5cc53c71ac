import Print from '@mui/icons-material/PrintOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import type { MemberDetail, MemberPayment } from '@parking-hub/contracts/members';
import { useTranslation } from 'react-i18next';
import { DetailSection } from '../../../components/detail-section';
import { Fact, Facts } from '../../../components/facts';
import { ErrorState } from '../../../components/states';
import { formatDateTime, formatKip } from '../../../lib/format';
import { useMember } from '../api/get-member';
import { showDay } from '../member-format';
import { useShopDay } from '../use-shop-day';
import { MemberStatusChip } from './member-status-chip';
import { PassUntil } from './pass-until';
import type { PrintInput } from './use-print-input';

function Payments({ detail, onReprint }: { detail: MemberDetail; onReprint: (p: MemberPayment) => void }) {
  const { t } = useTranslation('members');
  if (detail.payments.length === 0)
    return <Typography color="text.secondary">{t('detail.noPayments')}</Typography>;
  return (
    <Stack divider={<Box sx={{ borderTop: 1, borderColor: 'divider' }} />} data-testid="member-payments">
      {detail.payments.map((p) => (
        <Box
          key={p.id}
          sx={{ display: 'flex', gap: 1, py: 1, alignItems: 'center' }}
          data-testid="payment-row"
        >
          <Box sx={{ flex: 1, minWidth: 0 }}>
            <Typography sx={{ fontWeight: 600 }}>
              {t(`kind.${p.kind}`)} · {t('months', { count: p.months })} ·{' '}
              <Box component="span" sx={{ whiteSpace: 'nowrap' }}>
                {formatKip(p.amount)} ({t(`method.${p.method}`)})
              </Box>
            </Typography>
            <Typography variant="body2" color="text.secondary">
              {showDay(p.periodFrom)} – {showDay(p.periodUntil)}
            </Typography>
            <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
              {formatDateTime(p.takenAt)}
              {p.takenByName && ` · ${p.takenByName}`}
              {p.number && ` · ${p.number}`}
            </Typography>
          </Box>
          <Tooltip title={t('actions.reprint')}>
            <IconButton
              aria-label={t('actions.reprint')}
              onClick={() => onReprint(p)}
              data-testid="payment-reprint"
            >
              <Print />
            </IconButton>
          </Tooltip>
        </Box>
      ))}
    </Stack>
  );
}

function Visits({ detail }: { detail: MemberDetail }) {
  const { t } = useTranslation('members');
  if (detail.visits.length === 0)
    return <Typography color="text.secondary">{t('detail.noVisits')}</Typography>;
  return (
    <Stack divider={<Box sx={{ borderTop: 1, borderColor: 'divider' }} />} data-testid="member-visits">
      {detail.visits.map((v) => (
        <Box key={v.billId} sx={{ py: 0.75 }}>
          <Typography variant="body2">
            <Box component="span" sx={{ fontWeight: 600 }}>
              #{v.number}
            </Box>
            {v.plate && ` · ${v.plate}`}
          </Typography>
          <Typography variant="body2" color="text.secondary">
            {formatDateTime(v.checkInAt)}
            {v.checkOutAt ? ` → ${formatDateTime(v.checkOutAt)}` : ` · ${t('detail.parked')}`}
          </Typography>
        </Box>
      ))}
    </Stack>
  );
}

/** A member in full: the pass, the payments (each receipt can be printed again) and the last visits. */
export function MemberDetailDialog({
  memberId,
  onClose,
  print,
}: {
  memberId: string | null;
  onClose: () => void;
  print: PrintInput;
}) {
  const { t } = useTranslation(['members', 'common']);
  const query = useMember(memberId);
  const detail = query.data;
  const day = useShopDay(detail?.member.shopId ?? null);
  const m = detail?.member;
  return (
    <Dialog
      open={memberId !== null}
      onClose={onClose}
      aria-labelledby="member-detail-title"
      fullWidth
      maxWidth="sm"
    >
      <DialogTitle id="member-detail-title" sx={{ overflowWrap: 'anywhere' }}>
        {m ? `${m.number} · ${m.fullName}` : t('detail.title')}
      </DialogTitle>
      <DialogContent data-testid="member-detail">
        {query.error && !detail ? (
          <ErrorState error={query.error} onRetry={() => void query.refetch()} />
        ) : !detail || !m ? (
          <Box aria-busy="true" aria-label={t('common:states.loading')}>
            {[0, 1, 2, 3].map((i) => (
              <Skeleton key={i} height={36} />
            ))}
          </Box>
        ) : (
          <>
            <Facts columns={{ xs: '1fr 1fr', sm: 'repeat(3, 1fr)' }}>
              <Fact label={t('fields.status')}>
                <MemberStatusChip status={m.status} />
              </Fact>
              <Fact label={t('fields.plates')} strong>
                {m.plates.join(', ')}
              </Fact>
              <Fact label={t('fields.vehicleType')}>
                {m.vehicleType ? t(`common:vehicles.${m.vehicleType}`) : '—'}
              </Fact>
              <Fact label={t('fields.phone')}>{m.phone ?? '—'}</Fact>
              <Fact label={t('fields.validFrom')}>{showDay(m.validFrom)}</Fact>
              <Fact label={t('fields.validUntil')}>
                <PassUntil member={m} />
              </Fact>
              <Fact label={t('fields.shop')}>{m.shopName}</Fact>
              {detail.previousNumbers.length > 0 && (
                <Fact label={t('detail.previousNumbers')}>{detail.previousNumbers.join(', ')}</Fact>
              )}
              {m.note && (
                <Fact label={t('fields.note')} wide>
                  {m.note}
                </Fact>
              )}
            </Facts>
            <DetailSection title={t('detail.payments')}>
              <Payments
                detail={detail}
                onReprint={(payment) =>
                  print(
                    {
                      kind: 'receipt',
                      receipt: { shopName: m.shopName, shopPhone: day.shopPhone, member: m, payment },
                    },
                    day.timeZone,
                  )
                }
              />
            </DetailSection>
            <DetailSection title={t('detail.visits')}>
              <Visits detail={detail} />
            </DetailSection>
          </>
        )}
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        {m && m.status !== 'CANCELLED' && (
          <Button
            variant="outlined"
            startIcon={<Print />}
            onClick={() => print({ kind: 'card', member: m, shopName: m.shopName }, day.timeZone)}
            data-testid="detail-print-card"
          >
            {t('actions.printCard')}
          </Button>
        )}
        <Button onClick={onClose} data-testid="detail-close">
          {t('common:actions.close')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
