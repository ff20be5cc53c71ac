import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { FeeResultDto } from '@parking-hub/contracts/bills';
import { useTranslation } from 'react-i18next';
import { durationParts, formatKip } from '../lib/format';

/**
 * How a fee was made up: the length of the stay, then one line per part (the words are common:
 * bills, the receipt's staff view and the price calculator all explain a fee the same way).
 */
export function FeeBreakdown({ fee }: { fee: Pick<FeeResultDto, 'parts' | 'minutes'> }) {
  const { t } = useTranslation('common');
  const { key, ...duration } = durationParts(fee.minutes);
  return (
    <Box
      component="dl"
      sx={{ m: 0, display: 'grid', gridTemplateColumns: '1fr auto', columnGap: 2, rowGap: 0.5 }}
    >
      <Typography component="dt" variant="body2" color="text.secondary">
        {t('duration.label')}
      </Typography>
      <Typography component="dd" variant="body2" sx={{ m: 0, textAlign: 'right' }} data-testid="fee-duration">
        {t(key, duration)}
      </Typography>
      {fee.parts.map((part) => (
        // calculateFee writes each kind of part at most once.
        <Box key={part.kind} sx={{ display: 'contents' }} data-testid="fee-part">
          <Typography component="dt" variant="body2" color="text.secondary">
            {t(`feeParts.${part.kind}`, { count: part.count ?? 0 })}
          </Typography>
          <Typography component="dd" variant="body2" sx={{ m: 0, textAlign: 'right', whiteSpace: 'nowrap' }}>
            {formatKip(part.amount)}
          </Typography>
        </Box>
      ))}
    </Box>
  );
}
