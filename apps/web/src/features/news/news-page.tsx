import Add from '@mui/icons-material/Add';
import Button from '@mui/material/Button';
import {
  NEWS_AUDIENCES,
  NEWS_STATUSES,
  type News,
  type NewsAudience,
  type NewsStatus,
} from '@parking-hub/contracts/news';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useScreenTitle } from '../../app/use-screen-title';
import { DataTable } from '../../components/data-table';
import { FilterBar } from '../../components/filters/filter-bar';
import { FilterSelect } from '../../components/filters/filter-select';
import { SearchField } from '../../components/filters/search-field';
import { PageHeader } from '../../components/page-header';
import { useSession } from '../../lib/session-store';
import { useSearchFilters } from '../../lib/use-search-filters';
import { useNewsList } from './api/get-news';
import { newsColumns } from './components/news-columns';
import { NewsDetailDialog } from './components/news-detail-dialog';
import { NewsEditorDialog } from './components/news-editor-dialog';

const KEYS = ['q', 'status', 'audience', 'news'] as const;

/**
 * /app/news: news to shops, newest first (search, status and audience in the URL; withdrawn ones
 * by their status), an item's detail with each shop's delivery (`?news=<id>`), and the editor.
 */
export default function NewsPage() {
  const { t } = useTranslation(['news', 'common']);
  const title = useScreenTitle();
  const role = useSession((s) => s.role);
  const admin = role === 'ADMIN' || role === 'SUPER-ADMIN';
  const { values, page, setFilters, setPage } = useSearchFilters(KEYS);
  const [editing, setEditing] = useState<{ news: News | null } | null>(null);
  const query = useNewsList({
    page,
    q: values.q || undefined,
    status: (values.status || undefined) as NewsStatus | undefined,
    audience: (values.audience || undefined) as NewsAudience | undefined,
  });
  const filtered = !!(values.q || values.status || values.audience);

  return (
    <>
      <PageHeader
        title={title}
        subtitle={query.data?.meta ? t('count', { count: query.data.meta.total }) : t('subtitle')}
        actions={
          <Button
            variant="contained"
            startIcon={<Add />}
            onClick={() => setEditing({ news: null })}
            data-testid="news-create"
          >
            {t('actions.create')}
          </Button>
        }
      />
      <FilterBar>
        <SearchField value={values.q} onChange={(q) => setFilters({ q })} placeholder={t('filters.search')} />
        <FilterSelect
          label={t('filters.status')}
          value={values.status}
          onChange={(status) => setFilters({ status })}
          options={NEWS_STATUSES.map((s) => ({ value: s, label: t(`status.${s}`) }))}
          data-testid="filter-status"
        />
        <FilterSelect
          label={t('filters.audience')}
          value={values.audience}
          onChange={(audience) => setFilters({ audience })}
          options={NEWS_AUDIENCES.map((a) => ({ value: a, label: t(`audience.${a}`) }))}
          data-testid="filter-audience"
        />
      </FilterBar>
      <DataTable
        columns={newsColumns(t)}
        rows={query.data?.data}
        rowKey={(n) => n.id}
        loading={query.isFetching}
        error={query.error}
        onRetry={() => void query.refetch()}
        empty={{
          title: t(filtered ? 'empty.filtered' : 'empty.title'),
          hint: t(filtered ? 'empty.filteredHint' : 'empty.hint'),
        }}
        meta={query.data?.meta}
        onPageChange={setPage}
        onRowClick={(n) => setFilters({ news: n.id }, { push: true, keepPage: true })}
        data-testid="news-table"
      />
      {values.news && (
        <NewsDetailDialog
          id={values.news}
          onClose={() => setFilters({ news: '' }, { keepPage: true })}
          onEdit={(news) => setEditing({ news })}
        />
      )}
      {editing && <NewsEditorDialog news={editing.news} admin={admin} onClose={() => setEditing(null)} />}
    </>
  );
}
