import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { Company } from '@parking-hub/contracts/company';
import { useTranslation } from 'react-i18next';
import { useScreenTitle } from '../../app/use-screen-title';
import { PageHeader } from '../../components/page-header';
import { EmptyState, ErrorState } from '../../components/states';
import { formatDateTime } from '../../lib/format';
import { useSession } from '../../lib/session-store';
import { useCompany } from './api/get-company';
import { isEmptyCompany } from './company-form';
import { CompanyEditor } from './components/company-editor';
import { CompanyFacts } from './components/company-facts';

function CompanySkeleton() {
  return (
    <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }} aria-busy data-testid="company-loading">
      <Stack spacing={2}>
        <Skeleton variant="rounded" height={56} />
        {[0, 1].map((i) => (
          <Box key={i} sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
            <Skeleton variant="rounded" height={56} />
            <Skeleton variant="rounded" height={56} />
          </Box>
        ))}
        <Skeleton variant="rounded" height={80} />
      </Stack>
    </Paper>
  );
}

function UpdatedAt({ company }: { company: Company }) {
  const { t } = useTranslation('company');
  if (!company.updatedAt) return null;
  return (
    <Typography variant="caption" color="text.secondary" data-testid="company-updated-at">
      {t('updatedAt', { at: formatDateTime(company.updatedAt) })}
    </Typography>
  );
}

function CompanyBody({ company, canEdit }: { company: Company; canEdit: boolean }) {
  const { t } = useTranslation('company');
  const empty = isEmptyCompany(company);
  if (!canEdit) {
    if (empty) return <EmptyState title={t('empty.title')} hint={t('empty.readerText')} />;
    return (
      <Stack spacing={2}>
        <Alert severity="info" data-testid="company-read-only">
          {t('readOnly')}
        </Alert>
        <CompanyFacts company={company} />
        <UpdatedAt company={company} />
      </Stack>
    );
  }
  return (
    <Stack spacing={2}>
      {empty && (
        <Alert severity="info" data-testid="company-empty">
          <strong>{t('empty.title')}</strong> — {t('empty.editorText')}
        </Alert>
      )}
      <CompanyEditor company={company} />
      <UpdatedAt company={company} />
    </Stack>
  );
}

/**
 * The company profile (spec §3's Company; DESIGN.md §4): SUPER-ADMIN edits it, ADMIN reads it.
 * It shows in the public pages' footer, on the customer's e-receipt and on invoices.
 */
export default function CompanyPage() {
  const { t } = useTranslation('company');
  const title = useScreenTitle();
  const canEdit = useSession((s) => s.role) === 'SUPER-ADMIN';
  const query = useCompany();
  return (
    <Box sx={{ maxWidth: 880 }}>
      <PageHeader title={title} subtitle={t('subtitle')} />
      {query.data ? (
        <CompanyBody company={query.data} canEdit={canEdit} />
      ) : query.error ? (
        <ErrorState error={query.error} onRetry={() => void query.refetch()} />
      ) : (
        <CompanySkeleton />
      )}
    </Box>
  );
}
