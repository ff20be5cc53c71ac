import Typography from '@mui/material/Typography';
import type { News } from '@parking-hub/contracts/news';
import type { TFunction } from 'i18next';
import { withLinks } from '../../../components/linked-text';

/** Who an item goes to, in words: every shop, an agent's shops, the chosen shops. */
export function audienceText(
  t: TFunction<'news'>,
  n: Pick<News, 'audience' | 'agentName' | 'shopIds'>,
): string {
  if (n.audience === 'AGENT') return t('audienceOf.AGENT', { name: n.agentName ?? '' });
  if (n.audience === 'SHOPS') return t('audienceOf.SHOPS', { count: n.shopIds.length });
  return t('audienceOf.ALL');
}

/** A news text as written: its new lines kept and its links clickable (opened in a new tab). */
export function NewsBody({ text, testId }: { text: string; testId?: string }) {
  return (
    <Typography
      component="div"
      sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}
      data-testid={testId}
    >
      {withLinks(text)}
    </Typography>
  );
}
