import Typography from '@mui/material/Typography';
import type { News } from '@parking-hub/contracts/news';
import type { TFunction } from 'i18next';
import type { ReactNode } from 'react';

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
  const parts: ReactNode[] = text.split(/(https?:\/\/[^\s]+)/g).map((part, i) =>
    /^https?:\/\//.test(part) ? (
      // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one fixed text, in order
      <a key={i} href={part} target="_blank" rel="noopener noreferrer">
        {part}
      </a>
    ) : (
      part
    ),
  );
  return (
    <Typography
      component="div"
      sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}
      data-testid={testId}
    >
      {parts}
    </Typography>
  );
}
