import PhonelinkErase from '@mui/icons-material/PhonelinkErase';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { type AccessToken, SESSION_STATUSES, type SessionStatus } from '@parking-hub/contracts/access-tokens';
import { canManageRole, type Role } from '@parking-hub/contracts/roles';
import { useTranslation } from 'react-i18next';
import { useScreenTitle } from '../../app/use-screen-title';
import { ConfirmButton } from '../../components/confirm-button';
import { type Column, DataTable } from '../../components/data-table';
import { handleError, handleResponse } from '../../components/feedback/handle-response';
import { PageHeader } from '../../components/page-header';
import { formatDateTime } from '../../lib/format';
import { useSession } from '../../lib/session-store';
import { useSearchFilters } from '../../lib/use-search-filters';
import { useAccessTokens } from './api/get-access-tokens';
import { useRevokeAccessToken } from './api/revoke-access-token';
import { AccessTokenFilters } from './components/access-token-filters';
import { DeviceCell } from './components/device-cell';
import { SessionStatusChip } from './components/session-status-chip';
import { knownBrand, summarizeUserAgent } from './user-agent';

const FILTER_KEYS = ['q', 'status'] as const;

const isStatus = (s: string): s is SessionStatus => (SESSION_STATUSES as readonly string[]).includes(s);

function RevokeAction({ token }: { token: AccessToken }) {
  const { t } = useTranslation('access-tokens');
  const session = useSession();
  const revoke = useRevokeAccessToken();
  const own = token.userId === session.userId;
  // The server refuses others' sessions unless their role is below ours: do not offer it.
  if (token.status !== 'ACTIVE' || !(own || canManageRole(session.role as Role, token.role))) return null;
  const device =
    knownBrand(token.brand) ?? (summarizeUserAgent(token.userAgent).summary || t('device.unknown'));
  return (
    <ConfirmButton
      icon={<PhonelinkErase />}
      color="inherit"
      confirmColor="warning"
      title={t('revoke.title')}
      text={
        token.current
          ? t('revoke.currentText', { device })
          : t('revoke.text', { name: token.fullName, device })
      }
      confirmText={t('revoke.confirm')}
      loading={revoke.isPending}
      onConfirm={() => revoke.mutateAsync(token.id).then(handleResponse, handleError)}
      data-testid="token-revoke"
    />
  );
}

const date = (value: string | null) => (
  <Box component="span" sx={{ whiteSpace: { md: 'pre-line' } }}>
    {formatDateTime(value).replace(' ', '\n') || '—'}
  </Box>
);

/**
 * When a session stops: its revoke time; for one that expired before its hard limit, that it sat
 * idle too long (the list does not carry the idle deadline); else the hard limit.
 */
function ExpiryCell({ token }: { token: AccessToken }) {
  const { t } = useTranslation('access-tokens');
  if (token.revokedAt)
    return (
      <Box sx={{ color: 'text.secondary' }}>
        {t('fields.revokedAt')} {date(token.revokedAt)}
      </Box>
    );
  if (token.status === 'EXPIRED' && Date.parse(token.expiresAt) > Date.now())
    return <Box sx={{ color: 'text.secondary' }}>{t('fields.idleExpired')}</Box>;
  return date(token.expiresAt);
}

export default function AccessTokensPage() {
  const { t } = useTranslation('access-tokens');
  const title = useScreenTitle();
  const { values, page, setFilters, setPage } = useSearchFilters(FILTER_KEYS);
  const status = isStatus(values.status) ? values.status : '';
  const query = useAccessTokens({ page, q: values.q || undefined, status: status || undefined });

  const columns: Column<AccessToken>[] = [
    {
      key: 'user',
      header: t('fields.user'),
      primary: true,
      render: (s) => (
        // 'break-word', not 'anywhere': the table must not squeeze a name to one letter a line.
        <Box sx={{ minWidth: { md: 100 }, overflowWrap: 'break-word' }}>
          <Typography sx={{ fontWeight: 600, overflowWrap: 'inherit' }}>{s.fullName}</Typography>
          <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'inherit' }}>
            @{s.username}
          </Typography>
        </Box>
      ),
    },
    {
      key: 'role',
      header: t('fields.role'),
      render: (s) => t(`common:roles.${s.role}`),
    },
    {
      key: 'device',
      header: t('fields.device'),
      render: (s) => <DeviceCell brand={s.brand} userAgent={s.userAgent} current={s.current} />,
    },
    {
      key: 'ip',
      header: t('fields.ip'),
      render: (s) => <Box sx={{ fontFamily: 'monospace' }}>{s.ip ?? '—'}</Box>,
    },
    { key: 'createdAt', header: t('fields.createdAt'), render: (s) => date(s.createdAt) },
    { key: 'lastUsedAt', header: t('fields.lastUsedAt'), render: (s) => date(s.lastUsedAt) },
    {
      key: 'expiresAt',
      header: t('fields.expiresAt'),
      render: (s) => <ExpiryCell token={s} />,
    },
    { key: 'status', header: t('fields.status'), render: (s) => <SessionStatusChip status={s.status} /> },
    { key: 'actions', header: '', actions: true, align: 'right', render: (s) => <RevokeAction token={s} /> },
  ];

  const filtered = Boolean(values.q || status);
  return (
    <>
      <PageHeader
        title={title}
        subtitle={query.data?.meta ? t('count', { count: query.data.meta.total }) : undefined}
      />
      <AccessTokenFilters values={{ q: values.q, status }} onChange={setFilters} />
      <DataTable
        columns={columns}
        rows={query.data?.data}
        rowKey={(s) => s.id}
        loading={query.isFetching}
        error={query.error}
        onRetry={() => void query.refetch()}
        empty={{
          title: t(filtered ? 'empty.filtered' : 'empty.title'),
          hint: filtered ? t('empty.filteredHint') : undefined,
        }}
        meta={query.data?.meta}
        onPageChange={setPage}
        data-testid="access-tokens-table"
      />
    </>
  );
}
