import { dateSchema } from '@parking-hub/contracts/fields';
import type { Channel, MessageStatus, OutboxMessage } from '@parking-hub/contracts/messaging';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useScreenTitle } from '../../app/use-screen-title';
import { CursorPager } from '../../components/cursor-pager';
import { DataTable } from '../../components/data-table';
import { PageHeader } from '../../components/page-header';
import { listCount } from '../../lib/cursor-paging';
import { messageText } from '../../lib/i18n';
import { messageKeys } from '../../lib/query-keys';
import { useMessage } from './api/get-message';
import { useMessages } from './api/get-messages';
import { useMessagingStatus } from './api/get-messaging-status';
import { ConnectionCard } from './components/connection-card';
import { messageColumns } from './components/message-columns';
import { MessageDetailDialog } from './components/message-detail-dialog';
import { MessageFilters } from './components/message-filters';
import { TestMessageDialog } from './components/test-message-dialog';
import { recipientQuery } from './message-rules';
import { useMessagesUrl } from './use-messages-url';

/** The message key of a date range that must not be asked for (bad date, or from after to). */
function rangeProblem(from: string, to: string): string | undefined {
  if ((from && !dateSchema.safeParse(from).success) || (to && !dateSchema.safeParse(to).success))
    return 'validation.dateFormat';
  if (from && to && from > to) return 'validation.dateRange';
  return undefined;
}

/** The counts follow the list: when a listed message changes status, they are asked again. */
function useCountsFollowList(rows: OutboxMessage[] | undefined) {
  const queryClient = useQueryClient();
  const seen = useRef(new Map<string, string>());
  useEffect(() => {
    if (!rows) return;
    // Another page or filter lists other messages: only a message seen before can have moved.
    const moved = rows.some((m) => (seen.current.get(m.id) ?? m.status) !== m.status);
    for (const m of rows) seen.current.set(m.id, m.status);
    if (moved) void queryClient.invalidateQueries({ queryKey: messageKeys.status() });
  }, [rows, queryClient]);
}

/** /app/messages (admins): the channels' state, the outbox with its filters, and each message's story. */
export default function MessagesPage() {
  const { t } = useTranslation('messages');
  const title = useScreenTitle();
  const url = useMessagesUrl();
  const { values } = url;
  const [testOpen, setTestOpen] = useState(false);
  const problem = rangeProblem(values.from, values.to);
  const query = useMessages(
    {
      page: url.position.page,
      cursor: url.position.cursor ?? undefined,
      status: (values.status || undefined) as MessageStatus | undefined,
      channel: (values.channel || undefined) as Channel | undefined,
      shopId: values.shopId || undefined,
      from: values.from || undefined,
      to: values.to || undefined,
      q: recipientQuery(values.q) || undefined,
    },
    !problem,
  );
  const rows = problem ? [] : query.data?.data;
  const meta = query.data?.meta;
  const status = useMessagingStatus();
  useCountsFollowList(rows);
  // An open message refreshes itself; the detail query also names the shop of a link's ?shopId=.
  const opened = useMessage(url.messageId);
  const shopName = values.shopId
    ? (rows?.find((m) => m.shopId === values.shopId)?.shopName ??
      (opened.data?.message.shopId === values.shopId ? opened.data.message.shopName : null))
    : null;
  const filtered = Object.values(values).some(Boolean);

  return (
    <>
      <PageHeader title={title} subtitle={!problem && meta ? listCount(t, meta) : undefined} />
      <ConnectionCard
        query={status}
        activeStatus={values.status}
        onStatus={(s) => url.setFilters({ status: s })}
        onTest={() => setTestOpen(true)}
      />
      <MessageFilters values={values} onChange={url.setFilters} shopName={shopName} />
      <DataTable
        columns={messageColumns(t)}
        rows={rows}
        rowKey={(m) => m.id}
        loading={!problem && query.isFetching && (query.isPlaceholderData || !query.data)}
        error={problem ? undefined : query.error}
        onRetry={() => void query.refetch()}
        empty={
          problem
            ? { title: messageText(problem), hint: t('empty.fixDates') }
            : {
                title: t(filtered ? 'empty.filtered' : 'empty.title'),
                hint: t(filtered ? 'empty.filteredHint' : 'empty.hint'),
              }
        }
        onRowClick={(m) => url.openMessage(m.id)}
        data-testid="messages-table"
      />
      {!problem && meta && meta.total > 0 && (
        <CursorPager
          meta={meta}
          rows={rows?.length ?? 0}
          onPrevious={url.previous}
          onNext={url.next}
          data-testid="messages-pager"
        />
      )}
      {url.messageId && (
        <MessageDetailDialog key={url.messageId} id={url.messageId} onClose={url.closeMessage} />
      )}
      <TestMessageDialog
        open={testOpen}
        onClose={() => setTestOpen(false)}
        onOpenMessage={(id) => {
          setTestOpen(false);
          url.openMessage(id);
        }}
      />
    </>
  );
}
