import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import type { MembersReport, MembersReportRow } from '@parking-hub/contracts/members';
import { useQuery } from '@tanstack/react-query';
import type { TFunction } from 'i18next';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyState, ErrorState } from '../../../components/states';
import { formatDateTime, formatKip } from '../../../lib/format';
import { shopDetailQueryOptions } from '../../../lib/shop-detail';
import { type ReportColumn, toSheet } from '../../reports/components/columns';
import { ExportButtons } from '../../reports/components/export-buttons';
import { ReportPager } from '../../reports/components/report-pager';
import { ReportPrintHeader } from '../../reports/components/report-print';
import { ReportSection } from '../../reports/components/report-section';
import { ReportTable } from '../../reports/components/report-table';
import { ReportToolbar } from '../../reports/components/report-toolbar';
import { dateCell, type ExportSheet } from '../../reports/export/sheet';
import { dayLabel } from '../../reports/report-format';
import type { ReportParams } from '../../reports/use-report-params';
import { useMembersReport } from '../api/get-members-report';
import { showDay } from '../member-format';

const PAGE_SIZE = 50;

/**
 * The per-member table: the card, then the visits and money (in view on a phone, beside the
 * sticky card number), then who and the rest. A member who never came has the card number in
 * red and a chip by the name.
 */
function reportColumns(t: TFunction, withShop: boolean): ReportColumn<MembersReportRow>[] {
  return [
    {
      key: 'number',
      header: t('fields.number'),
      value: (r) => r.number,
      render: (r) => (
        <Box
          component="span"
          sx={r.neverCame ? { color: 'error.main', fontWeight: 700 } : undefined}
          data-never={r.neverCame || undefined}
        >
          {r.number}
        </Box>
      ),
    },
    { key: 'visits', header: t('report.visits'), kind: 'count', value: (r) => r.visits },
    { key: 'passAmount', header: t('report.passAmount'), kind: 'money', value: (r) => r.passAmount },
    { key: 'passesSold', header: t('report.passesSold'), kind: 'count', value: (r) => r.passesSold },
    {
      key: 'fullName',
      header: t('fields.fullName'),
      value: (r) => r.fullName,
      render: (r) => (
        <Box component="span" sx={{ display: 'inline-flex', gap: 1, alignItems: 'center' }}>
          {r.fullName}
          {r.neverCame && (
            <Chip size="small" color="warning" label={t('report.neverCame')} data-testid="never-came" />
          )}
        </Box>
      ),
    },
    {
      key: 'lastVisitAt',
      header: t('report.lastVisit'),
      value: (r) => (r.lastVisitAt ? dateCell(formatDateTime(r.lastVisitAt)) : null),
    },
    { key: 'plates', header: t('fields.plates'), value: (r) => r.plates.join(', ') },
    ...(withShop
      ? [{ key: 'shop', header: t('fields.shop'), value: (r: MembersReportRow) => r.shopName }]
      : []),
    { key: 'status', header: t('fields.status'), value: (r) => t(`status.${r.status}`) },
    { key: 'validUntil', header: t('fields.validUntil'), value: (r) => dateCell(showDay(r.validUntil)) },
  ];
}

function Figure({
  label,
  value,
  sub,
  testId,
}: {
  label: string;
  value: ReactNode;
  sub?: string;
  testId: string;
}) {
  return (
    <Paper variant="outlined" sx={{ p: 1.5, minWidth: 0 }} data-testid={testId}>
      <Typography variant="body2" color="text.secondary">
        {label}
      </Typography>
      <Typography
        sx={{ fontSize: 22, fontWeight: 700, whiteSpace: 'nowrap' }}
        data-testid={`${testId}-value`}
      >
        {value}
      </Typography>
      {sub && (
        <Typography
          variant="caption"
          color="text.secondary"
          sx={{ display: 'block', overflowWrap: 'anywhere' }}
        >
          {sub}
        </Typography>
      )}
    </Paper>
  );
}

function Totals({ totals }: { totals: MembersReport['totals'] }) {
  const { t } = useTranslation('members');
  const n = (v: number) => v.toLocaleString('en-US');
  return (
    <Box
      sx={{
        display: 'grid',
        gap: 1.5,
        mb: 2,
        gridTemplateColumns: {
          xs: 'repeat(2, minmax(0, 1fr))',
          md: 'repeat(3, minmax(0, 1fr))',
          lg: 'repeat(6, minmax(0, 1fr))',
        },
        '@media print': { gridTemplateColumns: 'repeat(6, 1fr)' },
      }}
    >
      <Figure label={t('report.active')} value={n(totals.active)} testId="total-active" />
      <Figure label={t('report.expiring')} value={n(totals.expiring)} testId="total-expiring" />
      <Figure label={t('report.passesSold')} value={n(totals.passesSold)} testId="total-sold" />
      <Figure
        label={t('report.passAmount')}
        value={formatKip(totals.passAmount)}
        sub={t('report.cashQr', { cash: formatKip(totals.passCash), qr: formatKip(totals.passQr) })}
        testId="total-amount"
      />
      <Figure label={t('report.visits')} value={n(totals.visits)} testId="total-visits" />
      <Figure label={t('report.neverCame')} value={n(totals.neverCame)} testId="total-never" />
    </Box>
  );
}

function summarySheet(t: TFunction, heading: string[], totals: MembersReport['totals']): ExportSheet {
  const rows: [string, number][] = [
    [t('report.active'), totals.active],
    [t('report.expiring'), totals.expiring],
    [t('report.passesSold'), totals.passesSold],
    [t('report.passAmount'), totals.passAmount],
    [t('report.cash'), totals.passCash],
    [t('report.qr'), totals.passQr],
    [t('report.visits'), totals.visits],
    [t('report.neverCame'), totals.neverCame],
  ];
  return { name: t('report.summary'), heading, columns: [t('report.figure'), t('report.value')], rows };
}

/**
 * The members report for a period of business days: totals, then each member's visits and
 * passes, those who never came marked; CSV, Excel and A4 print as every report screen has.
 */
export function ReportTab({ params, title }: { params: ReportParams; title: string }) {
  const { t } = useTranslation(['members', 'reports', 'common']);
  const body = { ...params.range, ...(params.shopId ? { shopId: params.shopId } : {}) };
  const query = useMembersReport(body);
  const shop = useQuery({ ...shopDetailQueryOptions(params.shopId ?? ''), enabled: !!params.shopId });
  const shopName = params.shopId ? shop.data?.shop.name : params.pickShop ? null : params.ownShopName;
  const heading = [
    `${title} · ${t('tabs.report')}`,
    shopName ? t('reports:heading.shop', { name: shopName }) : t('reports:heading.allShops'),
    t('reports:heading.period', { from: dayLabel(body.from), to: dayLabel(body.to) }),
  ];
  const data = query.data;
  const columns = reportColumns(t, new Set(data?.rows.map((r) => r.shopId)).size > 1);
  const ready = data !== undefined && (data.rows.length > 0 || data.totals.active > 0);
  const sheets = (d: MembersReport) => [
    toSheet(t('report.table'), heading, columns, d.rows, {
      line: { visits: d.totals.visits, passesSold: d.totals.passesSold, passAmount: d.totals.passAmount },
      label: t('report.members', { count: d.rows.length }),
    }),
    summarySheet(t, heading, d.totals),
  ];

  let content: ReactNode;
  if (query.error && !data) content = <ErrorState error={query.error} onRetry={() => void query.refetch()} />;
  else if (!data)
    content = (
      <Box aria-busy="true" aria-label={t('common:states.loading')}>
        <Skeleton variant="rounded" height={90} sx={{ mb: 2 }} />
        {[0, 1, 2, 3].map((i) => (
          <Skeleton key={i} height={36} />
        ))}
      </Box>
    );
  else if (!ready)
    content = (
      <Paper variant="outlined">
        <EmptyState title={t('empty.report')} hint={t('empty.reportHint')} />
      </Paper>
    );
  else {
    const page = params.page;
    content = (
      <>
        <Totals totals={data.totals} />
        {data.totalRows > data.rows.length && (
          <Alert severity="info" sx={{ mb: 2 }} data-testid="members-report-capped">
            {t('report.capped', {
              shown: data.rows.length.toLocaleString('en-US'),
              total: data.totalRows.toLocaleString('en-US'),
            })}
          </Alert>
        )}
        <ReportSection title={t('report.table')}>
          {data.rows.length === 0 ? (
            <EmptyState title={t('empty.reportRows')} />
          ) : (
            <>
              <ReportTable
                columns={columns}
                rows={data.rows.slice((page - 1) * PAGE_SIZE, page * PAGE_SIZE)}
                rowKey={(r) => r.memberId}
                totals={{
                  visits: data.totals.visits,
                  passesSold: data.totals.passesSold,
                  passAmount: data.totals.passAmount,
                }}
                totalsLabel={t('report.members', { count: data.rows.length })}
                data-testid="members-report-table"
              />
              <ReportPager
                total={data.rows.length}
                page={page}
                pageSize={PAGE_SIZE}
                onPage={params.setPage}
              />
            </>
          )}
        </ReportSection>
      </>
    );
  }

  const file = `report-members_${body.from}_${body.to}`;
  return (
    <Box sx={{ minWidth: 0 }}>
      <ReportPrintHeader lines={heading} />
      <Box
        sx={{
          display: 'flex',
          gap: 1,
          flexWrap: 'wrap',
          mb: 2,
          justifyContent: { md: 'flex-end' },
          '@media print': { display: 'none' },
        }}
      >
        <ExportButtons sheets={ready && data ? () => sheets(data) : null} fileName={file} />
      </Box>
      <ReportToolbar params={params} byClosing={false} />
      {query.isFetching && data !== undefined && <LinearProgress sx={{ mb: 1 }} />}
      <Box sx={{ opacity: query.isFetching && data !== undefined ? 0.6 : 1 }} data-testid="members-report">
        {content}
      </Box>
    </Box>
  );
}
