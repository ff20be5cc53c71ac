import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { type ReactElement, useEffect } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { PROVIDER_URL } from '../../lib/config';

const NS = 'privacy';
/** The date the text of the policy last changed (dd/mm/yyyy, as every date in the app). */
const LAST_UPDATED = '23/11/2026';

type Texts = Record<string, string>;
interface Section {
  title: string;
  paragraphs?: Texts;
  items?: Texts;
  notes?: Texts;
}

/** Markup the texts may use: <strong> for an item's lead, <site> for the provider's site. */
const MARKUP: Record<string, ReactElement> = {
  strong: <strong />,
  site: <Link href={PROVIDER_URL} target="_blank" rel="noopener noreferrer" />,
};

/** The policy's texts are the `privacy` namespace, loaded with this page by the router. */
export default function PrivacyPage() {
  const { t } = useTranslation(NS);
  const sections = t('sections', { returnObjects: true }) as unknown as Record<string, Section>;

  useEffect(() => {
    document.title = `${t('title')} · ${t('common:appTitle')}`;
  }, [t]);

  const text = (key: string) => <Trans t={t} i18nKey={key} components={MARKUP} />;
  return (
    <Box sx={{ width: '100%', maxWidth: 800, mx: 'auto', py: { xs: 1, sm: 3 } }}>
      <Paper
        component="article"
        variant="outlined"
        sx={{ p: { xs: 2, sm: 5 }, overflowWrap: 'anywhere', '& p, & li': { lineHeight: 1.8 } }}
        data-testid="privacy-page"
      >
        <Typography
          variant="h4"
          component="h1"
          sx={{ fontWeight: 700, fontSize: { xs: '1.6rem', sm: '2rem' } }}
        >
          {t('title')}
        </Typography>
        <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }} data-testid="privacy-updated">
          {t('lastUpdated', { date: LAST_UPDATED })}
        </Typography>
        <Typography sx={{ mt: 3 }}>{t('intro')}</Typography>
        {Object.entries(sections).map(([id, section]) => (
          <Box component="section" key={id} aria-labelledby={`privacy-${id}`} sx={{ mt: 4 }}>
            <Typography id={`privacy-${id}`} variant="h6" component="h2" sx={{ fontWeight: 600, mb: 1 }}>
              {section.title}
            </Typography>
            {Object.keys(section.paragraphs ?? {}).map((key) => (
              <Typography key={key} sx={{ mb: 1 }}>
                {text(`sections.${id}.paragraphs.${key}`)}
              </Typography>
            ))}
            {section.items && (
              <Box component="ul" sx={{ pl: 3, my: 1 }}>
                {Object.keys(section.items).map((key) => (
                  <Typography component="li" key={key} sx={{ mb: 1 }}>
                    {text(`sections.${id}.items.${key}`)}
                  </Typography>
                ))}
              </Box>
            )}
            {Object.keys(section.notes ?? {}).map((key) => (
              <Typography key={key} sx={{ mb: 1 }}>
                {text(`sections.${id}.notes.${key}`)}
              </Typography>
            ))}
          </Box>
        ))}
      </Paper>
    </Box>
  );
}
