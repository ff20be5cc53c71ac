import Box from '@mui/material/Box';
import type { PassReceipt } from '@parking-hub/contracts/members';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime, formatKip } from '../../../lib/format';
import { Slip, SlipQr, slipRule } from '../../bills/print/slip';
import { type Paper, TICKET_SIZES } from '../../bills/print/ticket-layout';
import { showDay } from '../member-format';

/** A label and its value on one line, the value to the right (amounts, dates). */
function SlipLine({ label, value, testId }: { label: string; value: ReactNode; testId?: string }) {
  return (
    <Box sx={{ display: 'flex', justifyContent: 'space-between', gap: '2mm', textAlign: 'left' }}>
      <span>{label}</span>
      <Box component="span" sx={{ fontWeight: 600, textAlign: 'right' }} data-testid={testId}>
        {value}
      </Box>
    </Box>
  );
}

/** The receipt of a pass sold or renewed: who, which card, the period it buys, the money. */
export function PassReceiptSlip({
  receipt,
  paper,
  timeZone,
}: {
  receipt: PassReceipt;
  paper: Paper;
  timeZone: string;
}) {
  const { t } = useTranslation(['members', 'common']);
  const { member, payment } = receipt;
  const size = TICKET_SIZES[paper];
  const small = { fontSize: `${size.smallPt}pt` };
  return (
    <Slip paper={paper} testId="pass-receipt">
      <Box sx={{ fontWeight: 600, fontSize: `${size.textPt + 3}pt` }}>{receipt.shopName}</Box>
      {receipt.shopPhone && <Box sx={small}>{receipt.shopPhone}</Box>}
      <Box sx={slipRule} />
      <Box sx={{ fontWeight: 600 }}>{t(`receipt.title.${payment.kind}`)}</Box>
      <Box sx={small}>{t('fields.number')}</Box>
      <Box
        sx={{ fontSize: `${size.numberPt * 0.7}pt`, fontWeight: 600, lineHeight: 1.1 }}
        data-testid="receipt-number"
      >
        {payment.number ?? member.number}
      </Box>
      <Box sx={{ fontWeight: 600 }}>{member.fullName}</Box>
      <Box>
        {t(`common:vehicles.${payment.vehicleType}`)} · {member.plates.join(', ')}
      </Box>
      <Box sx={slipRule} />
      <SlipLine label={t('fields.length')} value={t('months', { count: payment.months })} />
      <SlipLine label={t('fields.validFrom')} value={showDay(payment.periodFrom)} />
      <SlipLine label={t('fields.validUntil')} value={showDay(payment.periodUntil)} testId="receipt-until" />
      <SlipLine label={t('fields.method')} value={t(`method.${payment.method}`)} />
      <Box sx={{ ...slipRule, borderTopStyle: 'solid' }} />
      <Box
        sx={{
          display: 'flex',
          justifyContent: 'space-between',
          fontWeight: 700,
          fontSize: `${size.textPt + 2}pt`,
        }}
      >
        <span>{t('fields.amount')}</span>
        <span data-testid="receipt-amount">{formatKip(payment.amount)}</span>
      </Box>
      <Box sx={{ mt: '2mm', lineHeight: 0 }}>
        <SlipQr text={payment.number ?? member.number} sizeMm={size.qrMm * 0.6} testId="pass-qr" />
      </Box>
      <Box sx={{ ...small, mt: '1mm' }}>
        {formatDateTime(payment.takenAt, timeZone)}
        {payment.takenByName && ` · ${payment.takenByName}`}
      </Box>
      <Box sx={slipRule} />
      <Box sx={small}>{t('receipt.footer')}</Box>
    </Slip>
  );
}
