import Construction from '@mui/icons-material/Construction';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../components/page-header';
import { useScreenTitle } from './use-screen-title';

/** A screen a later release delivers: its title and an honest note, nothing that looks like data. */
export default function PlaceholderPage() {
  const { t } = useTranslation();
  const title = useScreenTitle();
  return (
    <>
      <PageHeader title={title} />
      <Paper
        variant="outlined"
        sx={{ p: 4, textAlign: 'center', color: 'text.secondary' }}
        data-testid="placeholder"
      >
        <Construction sx={{ fontSize: 48, opacity: 0.6 }} />
        <Typography sx={{ mt: 1 }}>{t('placeholder.text')}</Typography>
      </Paper>
    </>
  );
}
