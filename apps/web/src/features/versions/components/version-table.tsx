import DeleteOutline from '@mui/icons-material/DeleteOutlined';
import Edit from '@mui/icons-material/Edit';
import OpenInNew from '@mui/icons-material/OpenInNew';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import type { AppVersion } from '@parking-hub/contracts/app-versions';
import type { PageMeta } from '@parking-hub/contracts/envelope';
import { useTranslation } from 'react-i18next';
import { ConfirmButton } from '../../../components/confirm-button';
import { type Column, DataTable } from '../../../components/data-table';
import { handleError, handleResponse } from '../../../components/feedback/handle-response';
import { formatDateTime } from '../../../lib/format';
import { useDeleteAppVersion } from '../api/delete-app-version';

const count = new Intl.NumberFormat('en-US');

function DeleteVersion({ item }: { item: AppVersion }) {
  const { t } = useTranslation('versions');
  const remove = useDeleteAppVersion();
  return (
    <ConfirmButton
      icon={<DeleteOutline />}
      color="error"
      title={t('delete.title', { version: item.version, platform: t(`platforms.${item.platform}`) })}
      text={t('delete.text')}
      confirmText={t('delete.confirm')}
      loading={remove.isPending}
      onConfirm={() => remove.mutateAsync(item.id).then(handleResponse, handleError)}
      data-testid="version-delete"
    />
  );
}

/** The release's version, with what it is now: the latest out, scheduled, forcing an update. */
function VersionCell({ item }: { item: AppVersion }) {
  const { t } = useTranslation('versions');
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
      <Typography component="span" sx={{ fontWeight: 600 }} data-testid="version-number">
        {item.version}
      </Typography>
      {item.latest && (
        <Chip size="small" color="success" label={t('state.latest')} data-testid="chip-latest" />
      )}
      {!item.released && <Chip size="small" label={t('state.scheduled')} data-testid="chip-scheduled" />}
      {item.forceUpdate && (
        <Chip
          size="small"
          color="warning"
          variant="outlined"
          label={t('state.forced')}
          data-testid="chip-forced"
        />
      )}
    </Box>
  );
}

/** The releases: a table on a desktop, cards on a phone; edit, the store link and delete on each. */
export function VersionTable({
  rows,
  meta,
  loading,
  error,
  onRetry,
  onPageChange,
  onEdit,
  empty,
}: {
  rows: AppVersion[] | undefined;
  meta: PageMeta | undefined;
  loading: boolean;
  error: unknown;
  onRetry: () => void;
  onPageChange: (page: number) => void;
  onEdit: (item: AppVersion) => void;
  empty: { title: string; hint?: string };
}) {
  const { t, i18n } = useTranslation('versions');
  const english = i18n.language?.startsWith('en');
  const columns: Column<AppVersion>[] = [
    { key: 'version', header: t('fields.version'), primary: true, render: (r) => <VersionCell item={r} /> },
    {
      key: 'platform',
      header: t('fields.platform'),
      render: (r) => <span data-testid="version-platform">{t(`platforms.${r.platform}`)}</span>,
    },
    { key: 'build', header: t('fields.build'), align: 'right', render: (r) => count.format(r.build) },
    { key: 'minVersion', header: t('fields.minVersion'), render: (r) => r.minVersion },
    {
      key: 'releasedAt',
      header: t('fields.releasedAt'),
      render: (r) => <span style={{ whiteSpace: 'nowrap' }}>{formatDateTime(r.releasedAt)}</span>,
    },
    {
      key: 'notes',
      header: t('fields.notes'),
      width: '30%',
      render: (r) => (
        <Typography
          variant="body2"
          sx={{ whiteSpace: 'pre-line', overflowWrap: 'anywhere', maxHeight: '4.5em', overflow: 'hidden' }}
        >
          {(english ? r.notesEn : r.notesLo) || (english ? r.notesLo : r.notesEn) || '—'}
        </Typography>
      ),
    },
    {
      key: 'actions',
      header: '',
      actions: true,
      align: 'right',
      render: (r) => (
        <Box sx={{ display: 'flex', justifyContent: 'flex-end', gap: 0.5 }}>
          <Tooltip title={t('actions.openStore')}>
            <IconButton
              component="a"
              href={r.storeUrl}
              target="_blank"
              rel="noopener noreferrer"
              aria-label={t('actions.openStore')}
            >
              <OpenInNew />
            </IconButton>
          </Tooltip>
          <Tooltip title={t('actions.edit')}>
            <IconButton aria-label={t('actions.edit')} onClick={() => onEdit(r)} data-testid="version-edit">
              <Edit />
            </IconButton>
          </Tooltip>
          <DeleteVersion item={r} />
        </Box>
      ),
    },
  ];
  return (
    <DataTable
      columns={columns}
      rows={rows}
      rowKey={(r) => r.id}
      loading={loading}
      error={error}
      onRetry={onRetry}
      empty={empty}
      meta={meta}
      onPageChange={onPageChange}
      data-testid="versions-table"
    />
  );
}
