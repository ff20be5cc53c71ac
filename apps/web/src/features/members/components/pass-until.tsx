import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { Member } from '@parking-hub/contracts/members';
import { useTranslation } from 'react-i18next';
import { daysLeftText, passTone, showDay } from '../member-format';

/** The theme's warning is red (spec): the last days are amber, dark enough to read on white. */
const AMBER = '#B45309';
const TONE_COLOR = {
  ended: 'error.main',
  soon: AMBER,
  ok: 'text.secondary',
  off: 'text.disabled',
} as const;

/** The last valid day and what is left of it: red once ended, amber in the last days. */
export function PassUntil({ member, soonDays }: { member: Member; soonDays?: number }) {
  const { t } = useTranslation('members');
  const tone = passTone(member.status, member.daysLeft, soonDays);
  const left = daysLeftText(member.daysLeft);
  const strong = tone === 'ended' || tone === 'soon';
  return (
    <Box sx={{ minWidth: 0 }} data-testid="member-until" data-tone={tone}>
      <Typography component="span" sx={{ whiteSpace: 'nowrap', fontWeight: strong ? 600 : 400 }}>
        {showDay(member.validUntil)}
      </Typography>
      {member.status !== 'CANCELLED' && (
        <Typography
          variant="body2"
          sx={{ color: TONE_COLOR[tone], fontWeight: strong ? 600 : 400 }}
          data-testid="member-days-left"
        >
          {t(left.key, { count: left.count })}
        </Typography>
      )}
    </Box>
  );
}
