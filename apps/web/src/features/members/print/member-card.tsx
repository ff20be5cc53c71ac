import Box from '@mui/material/Box';
import type { Member } from '@parking-hub/contracts/members';
import { useTranslation } from 'react-i18next';
import { Slip, SlipQr, slipRule } from '../../bills/print/slip';
import { type Paper, TICKET_SIZES } from '../../bills/print/ticket-layout';

/**
 * The membership card: the shop, the card number large and as a QR code (scanned at the gate),
 * the holder and their plates, on the roll. No end date: a renewed pass keeps its card (the
 * receipt says until when).
 */
export function MemberCardSlip({
  member,
  shopName,
  paper,
}: {
  member: Member;
  shopName: string;
  paper: Paper;
}) {
  const { t } = useTranslation(['members', 'common']);
  const size = TICKET_SIZES[paper];
  return (
    <Slip paper={paper} testId="member-card">
      <Box sx={{ fontWeight: 600, fontSize: `${size.textPt + 2}pt` }}>{shopName}</Box>
      <Box sx={{ fontSize: `${size.smallPt}pt` }}>{t('card.title')}</Box>
      <Box sx={slipRule} />
      <Box sx={{ lineHeight: 0 }}>
        <SlipQr text={member.number} sizeMm={size.qrMm} testId="pass-qr" />
      </Box>
      <Box
        sx={{ fontSize: `${size.numberPt * 0.7}pt`, fontWeight: 700, lineHeight: 1.1 }}
        data-testid="card-number"
      >
        {member.number}
      </Box>
      <Box sx={{ fontWeight: 600 }}>{member.fullName}</Box>
      <Box>{member.plates.join(', ')}</Box>
      {member.vehicleType && <Box>{t(`common:vehicles.${member.vehicleType}`)}</Box>}
      <Box sx={slipRule} />
      <Box sx={{ fontSize: `${size.smallPt}pt` }}>{t('card.footer')}</Box>
    </Slip>
  );
}
