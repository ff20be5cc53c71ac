import Block from '@mui/icons-material/Block';
import EditNote from '@mui/icons-material/EditNote';
import Login from '@mui/icons-material/Login';
import Logout from '@mui/icons-material/Logout';
import Print from '@mui/icons-material/PrintOutlined';
import ReportProblem from '@mui/icons-material/ReportProblemOutlined';
import Box from '@mui/material/Box';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import type { BillEvent } from '@parking-hub/contracts/bills';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorState } from '../../../components/states';
import { TimelineItem } from '../../../components/timeline-item';
import { formatDateTime } from '../../../lib/format';
import { useBillTimeline } from '../api/get-bill-timeline';
import { timelineDetails } from '../timeline-details';

const ICONS: Record<BillEvent['kind'], ReactNode> = {
  CHECK_IN: <Login fontSize="small" />,
  PRINT: <Print fontSize="small" />,
  REPRINT: <Print fontSize="small" />,
  CORRECT: <EditNote fontSize="small" />,
  CHECK_OUT: <Logout fontSize="small" />,
  LOST: <ReportProblem fontSize="small" />,
  CANCEL: <Block fontSize="small" />,
};
const TONE: Partial<Record<BillEvent['kind'], string>> = {
  CHECK_OUT: 'primary.main',
  LOST: 'warning.main',
  CANCEL: 'error.main',
};

function Event({ event, last }: { event: BillEvent; last: boolean }) {
  const { t } = useTranslation(['bills', 'common']);
  const tone = TONE[event.kind] ?? 'text.secondary';
  return (
    <TimelineItem icon={ICONS[event.kind]} tone={tone} last={last} testId="timeline-event">
      <Typography sx={{ fontWeight: 600 }} data-testid="timeline-kind">
        {t(`timeline.${event.kind}`)}
      </Typography>
      <Typography variant="body2" color="text.secondary">
        {formatDateTime(event.at)}
        {event.byName && ` · ${event.byName}`}
      </Typography>
      {timelineDetails(t, event).map((line) => (
        <Typography key={line} variant="body2" sx={{ overflowWrap: 'anywhere' }}>
          {line}
        </Typography>
      ))}
    </TimelineItem>
  );
}

/** What happened to a bill, oldest first: a vertical line of events with who, when and what. */
export function BillTimeline({ id }: { id: string }) {
  const { t } = useTranslation('bills');
  const query = useBillTimeline(id);
  let body: ReactNode;
  if (query.error && !query.data)
    body = <ErrorState error={query.error} onRetry={() => void query.refetch()} />;
  else if (!query.data) body = [0, 1, 2].map((i) => <Skeleton key={i} height={48} />);
  else
    body = (
      <Box component="ol" sx={{ listStyle: 'none', m: 0, p: 0 }} data-testid="bill-timeline">
        {query.data.events.map((event, i, all) => (
          <Event key={`${event.kind}-${event.at}`} event={event} last={i === all.length - 1} />
        ))}
      </Box>
    );
  return (
    <Box component="section" aria-labelledby="bill-timeline-title">
      <Typography id="bill-timeline-title" variant="subtitle1" sx={{ fontWeight: 600, mb: 1 }}>
        {t('detail.timeline')}
      </Typography>
      {body}
    </Box>
  );
}
