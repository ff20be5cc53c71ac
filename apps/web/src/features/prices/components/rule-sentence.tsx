import Box from '@mui/material/Box';
import Typography, { type TypographyProps } from '@mui/material/Typography';
import type { FeeRule } from '@parking-hub/contracts/prices';
import { Fragment } from 'react';
import { useTranslation } from 'react-i18next';
import { rulePhrases } from '../rule-text';

/**
 * A rule in words. Lao has no spaces between words and the browser would break a line inside one
 * ('ທຸກ|ໆ', 'ຄ້າງ|ຄືນ'): each phrase is kept whole and lines break between phrases (inside one only
 * when it is wider than the line).
 */
export function RuleSentence({ rule, children, ...props }: { rule: FeeRule } & TypographyProps) {
  const { t } = useTranslation('prices');
  const phrases = rulePhrases(rule, t);
  return (
    <Typography {...props}>
      {children}
      {phrases.map((phrase, i) => (
        // Phrases may repeat; their place is their identity.
        // biome-ignore lint/suspicious/noArrayIndexKey: see above
        <Fragment key={i}>
          {i > 0 && ' '}
          <Box component="span" sx={{ display: 'inline-block', maxWidth: '100%' }}>
            {phrase}
          </Box>
        </Fragment>
      ))}
    </Typography>
  );
}
