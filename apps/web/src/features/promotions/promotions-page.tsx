import Add from '@mui/icons-material/Add';
import Tune from '@mui/icons-material/Tune';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { calendarDate } from '@parking-hub/contracts/business-day';
import type { Promotion, PromotionAudience, PromotionState } from '@parking-hub/contracts/promotions';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useScreenTitle } from '../../app/use-screen-title';
import { DataTable } from '../../components/data-table';
import { PageHeader } from '../../components/page-header';
import { DEFAULT_TIME_ZONE, formatKip } from '../../lib/format';
import { useSession } from '../../lib/session-store';
import { useAgentCap } from './api/agent-cap';
import { usePackages } from './api/get-packages';
import { usePromotions } from './api/get-promotions';
import { AgentCapDialog } from './components/agent-cap-dialog';
import { promotionColumns } from './components/promotion-columns';
import { PromotionFilters } from './components/promotion-filters';
import { PromotionFormDialog } from './components/promotion-form-dialog';
import { usePromotionsUrl } from './use-promotions-url';

type FormTarget = { promotion: Promotion | null };

/**
 * /app/promotions: the promotions the caller may read (filters in the URL), made and edited in a
 * dialog with a preview of the discount on a package. Admins also set the agents' cap; agents see it.
 */
export default function PromotionsPage() {
  const { t } = useTranslation(['promotions', 'common']);
  const title = useScreenTitle();
  const role = useSession((s) => s.role);
  const admin = role === 'ADMIN' || role === 'SUPER-ADMIN';
  const url = usePromotionsUrl();
  const { values } = url;
  const [form, setForm] = useState<FormTarget | null>(null);
  const [capOpen, setCapOpen] = useState(false);
  const cap = useAgentCap();
  const packages = usePackages();
  const query = usePromotions({
    page: url.page,
    q: values.q || undefined,
    state: (values.state || undefined) as PromotionState | undefined,
    audience: (values.audience || undefined) as PromotionAudience | undefined,
  });
  const filtered = Object.values(values).some(Boolean);
  const today = calendarDate(new Date(), DEFAULT_TIME_ZONE);

  return (
    <>
      <PageHeader
        title={title}
        subtitle={query.data?.meta ? t('count', { count: query.data.meta.total }) : undefined}
        actions={
          <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap', justifyContent: 'flex-end' }}>
            {admin && cap.data && (
              <Button
                variant="outlined"
                startIcon={<Tune />}
                onClick={() => setCapOpen(true)}
                data-testid="cap-open"
              >
                {t('cap.open')}
              </Button>
            )}
            <Button
              variant="contained"
              startIcon={<Add />}
              onClick={() => setForm({ promotion: null })}
              data-testid="promotion-create"
            >
              {t('actions.create')}
            </Button>
          </Stack>
        }
      />
      {!admin && cap.data && (
        <Alert severity="info" sx={{ mb: 2 }} data-testid="cap-summary">
          {t('cap.hint', {
            percent: cap.data.maxPercent,
            amount: formatKip(cap.data.maxAmount),
            months: cap.data.maxFreeMonths,
            active: cap.data.maxActive,
          })}
        </Alert>
      )}
      <PromotionFilters values={values} onChange={url.setFilters} />
      <DataTable
        columns={promotionColumns(t, (promotion) => setForm({ promotion }))}
        rows={query.data?.data}
        rowKey={(p) => p.id}
        loading={query.isFetching}
        error={query.error}
        onRetry={() => void query.refetch()}
        empty={{
          title: t(filtered ? 'empty.filtered' : 'empty.title'),
          hint: filtered ? t('empty.filteredHint') : t('empty.hint'),
        }}
        meta={query.data?.meta}
        onPageChange={url.setPage}
        onRowClick={(p) => p.editable && setForm({ promotion: p })}
        data-testid="promotions-table"
      />
      {form && (
        <PromotionFormDialog
          promotion={form.promotion}
          onClose={() => setForm(null)}
          admin={admin}
          today={today}
          packages={packages.data ?? []}
          cap={cap.data}
        />
      )}
      {capOpen && cap.data && <AgentCapDialog cap={cap.data} onClose={() => setCapOpen(false)} />}
    </>
  );
}
