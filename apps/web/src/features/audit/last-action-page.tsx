import ReadMore from '@mui/icons-material/ReadMore';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import type { AuditEvent } from '@parking-hub/contracts/audit';
import { dateSchema } from '@parking-hub/contracts/fields';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useScreenTitle } from '../../app/use-screen-title';
import { CursorPager } from '../../components/cursor-pager';
import { type Column, DataTable } from '../../components/data-table';
import { PageHeader } from '../../components/page-header';
import { listCount } from '../../lib/cursor-paging';
import { formatDateTime } from '../../lib/format';
import { messageText } from '../../lib/i18n';
import { useCursorPosition } from '../../lib/use-cursor-position';
import { useSearchFilters } from '../../lib/use-search-filters';
import { useAuditEvents } from './api/get-audit-events';
import { actionLabel, entityLabel } from './audit-labels';
import { shortId } from './audit-values';
import { ActorText } from './components/actor-text';
import { AuditDetailsDialog } from './components/audit-details-dialog';
import { AuditFilters } from './components/audit-filters';

const FILTER_KEYS = ['userId', 'action', 'entity', 'from', 'to', 'cursor'] as const;
const mono = { fontFamily: 'monospace', fontSize: 13 } as const;

/** The message key of a date range that must not be asked for (bad date, or from after to). */
function rangeProblem(from: string, to: string): string | undefined {
  if ((from && !dateSchema.safeParse(from).success) || (to && !dateSchema.safeParse(to).success))
    return 'validation.dateFormat';
  if (from && to && from > to) return 'validation.dateRange';
  return undefined;
}

export default function LastActionPage() {
  const { t } = useTranslation('audit');
  const title = useScreenTitle();
  const { values: keys, setFilters: writeKeys } = useSearchFilters(FILTER_KEYS);
  const { cursor: _cursor, ...values } = keys;
  const setFilters = (change: Partial<typeof values>) => writeKeys({ ...change, cursor: '' });
  const { position, next, previous } = useCursorPosition();
  const [details, setDetails] = useState<AuditEvent | null>(null);
  const problem = rangeProblem(values.from, values.to);
  const query = useAuditEvents(
    {
      page: position.page,
      cursor: position.cursor ?? undefined,
      userId: values.userId || undefined,
      action: values.action || undefined,
      entity: values.entity || undefined,
      from: values.from || undefined,
      to: values.to || undefined,
    },
    !problem,
  );
  const rows = problem ? [] : query.data?.data;
  const meta = problem ? undefined : query.data?.meta;
  const knownUserName = values.userId ? rows?.find((e) => e.actorId === values.userId)?.actorName : null;

  const columns: Column<AuditEvent>[] = [
    {
      key: 'at',
      header: t('fields.at'),
      render: (e) => <Box sx={{ whiteSpace: 'nowrap' }}>{formatDateTime(e.at)}</Box>,
    },
    { key: 'who', header: t('fields.who'), render: (e) => <ActorText event={e} /> },
    {
      key: 'action',
      header: t('fields.action'),
      primary: true,
      render: (e) => (
        <Typography sx={{ fontSize: 14, fontWeight: 600 }}>{actionLabel(t, e.action)}</Typography>
      ),
    },
    {
      key: 'entity',
      header: t('fields.entity'),
      render: (e) => (
        <Box sx={{ minWidth: 0 }}>
          <Typography sx={{ fontSize: 14 }}>{entityLabel(t, e.entity)}</Typography>
          {e.entityId && (
            <Tooltip title={e.entityId}>
              <Typography component="span" sx={{ ...mono, color: 'text.secondary', cursor: 'help' }}>
                {shortId(e.entityId)}
              </Typography>
            </Tooltip>
          )}
        </Box>
      ),
    },
    { key: 'ip', header: t('fields.ip'), render: (e) => <Box sx={mono}>{e.ip ?? '—'}</Box> },
    {
      key: 'details',
      header: '',
      actions: true,
      align: 'right',
      render: (e) => (
        <Tooltip title={t('details.open')}>
          <IconButton onClick={() => setDetails(e)} aria-label={t('details.open')} data-testid="audit-open">
            <ReadMore />
          </IconButton>
        </Tooltip>
      ),
    },
  ];

  const filtered = Object.values(values).some(Boolean);
  return (
    <>
      <PageHeader
        title={title}
        subtitle={meta ? listCount(t, meta) : undefined}
        actions={
          filtered && (
            <Button
              variant="outlined"
              color="inherit"
              onClick={() => setFilters({ userId: '', action: '', entity: '', from: '', to: '' })}
              data-testid="filters-clear"
            >
              {t('filters.clear')}
            </Button>
          )
        }
      />
      <AuditFilters
        values={values}
        onChange={setFilters}
        rangeError={problem ? messageText(problem) : undefined}
        knownUserName={knownUserName}
      />
      <DataTable
        columns={columns}
        rows={rows}
        rowKey={(e) => e.id}
        loading={!problem && query.isFetching}
        error={problem ? undefined : query.error}
        onRetry={() => void query.refetch()}
        empty={
          problem
            ? { title: messageText(problem), hint: t('empty.fixDates') }
            : {
                title: t(filtered ? 'empty.filtered' : 'empty.title'),
                hint: filtered ? t('empty.filteredHint') : undefined,
              }
        }
        data-testid="audit-table"
      />
      {meta && meta.total > 0 && (
        <CursorPager
          meta={meta}
          rows={rows?.length ?? 0}
          onPrevious={previous}
          onNext={next}
          data-testid="audit-pager"
        />
      )}
      <AuditDetailsDialog event={details} onClose={() => setDetails(null)} />
    </>
  );
}
