import Add from '@mui/icons-material/Add';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import { APP_PLATFORMS, type AppPlatform, type AppVersion } from '@parking-hub/contracts/app-versions';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useScreenTitle } from '../../app/use-screen-title';
import { PageHeader } from '../../components/page-header';
import { useSearchFilters } from '../../lib/use-search-filters';
import { useAppVersions } from './api/get-app-versions';
import { CheckPanel } from './components/check-panel';
import { VersionFormDialog } from './components/version-form-dialog';
import { VersionTable } from './components/version-table';

const FILTER_KEYS = ['platform'] as const;
type Editing = { item: AppVersion | null } | null;

const isPlatform = (value: string): value is AppPlatform =>
  (APP_PLATFORMS as readonly string[]).includes(value);

/**
 * /app/version (admins): a panel that asks the public check what a phone on a given version is
 * told, then the staff mobile app's releases per platform (the platform in the URL), added and
 * edited in a dialog, deleted after a confirm.
 */
export default function VersionsPage() {
  const { t } = useTranslation('versions');
  const title = useScreenTitle();
  const { values, page, setFilters, setPage } = useSearchFilters(FILTER_KEYS);
  const platform = isPlatform(values.platform) ? values.platform : null;
  const [editing, setEditing] = useState<Editing>(null);
  const query = useAppVersions({ platform, page });
  const rows = query.data?.data;
  const newFor = platform ?? editing?.item?.platform ?? 'android';
  const latestOf = (p: AppPlatform) => rows?.find((r) => r.platform === p && r.latest);

  return (
    <>
      <PageHeader
        title={title}
        subtitle={query.data?.meta ? t('count', { count: query.data.meta.total }) : t('subtitle')}
        actions={
          <Button
            variant="contained"
            startIcon={<Add />}
            onClick={() => setEditing({ item: null })}
            data-testid="version-add"
          >
            {t('actions.add')}
          </Button>
        }
      />
      <CheckPanel />
      <Box sx={{ borderBottom: 1, borderColor: 'divider', mb: 2, mt: 3 }}>
        <Tabs
          value={platform ?? 'all'}
          onChange={(_e, next: string) => setFilters({ platform: next === 'all' ? '' : next })}
          aria-label={t('fields.platform')}
        >
          {(['all', ...APP_PLATFORMS] as const).map((p) => (
            <Tab key={p} value={p} label={t(`platforms.${p}`)} data-testid={`platform-tab-${p}`} />
          ))}
        </Tabs>
      </Box>
      <VersionTable
        rows={rows}
        meta={query.data?.meta}
        loading={query.isFetching}
        error={query.error}
        onRetry={() => void query.refetch()}
        onPageChange={setPage}
        onEdit={(item) => setEditing({ item })}
        empty={{
          title: platform ? t('empty.platform', { platform: t(`platforms.${platform}`) }) : t('empty.title'),
          hint: t('empty.hint'),
        }}
      />
      {editing && (
        <VersionFormDialog
          item={editing.item}
          platform={newFor}
          latest={latestOf(editing.item?.platform ?? newFor)}
          onClose={() => setEditing(null)}
        />
      )}
    </>
  );
}
