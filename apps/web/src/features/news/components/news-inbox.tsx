import ArrowBack from '@mui/icons-material/ArrowBack';
import Close from '@mui/icons-material/Close';
import DoneAll from '@mui/icons-material/DoneAll';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import Skeleton from '@mui/material/Skeleton';
import { useTheme } from '@mui/material/styles';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { InboxNews } from '@parking-hub/contracts/news';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FULL_SCREEN_PAPER } from '../../../components/full-screen';
import { EmptyState, ErrorState } from '../../../components/states';
import { formatDateTime } from '../../../lib/format';
import { useInbox, useReadNews } from '../api/inbox';
import { NewsBody } from './news-text';

/** One item of the list: unread ones bold with a dot; the first lines of its text. */
function InboxLine({ item, onOpen }: { item: InboxNews; onOpen: () => void }) {
  const { t } = useTranslation();
  return (
    <ListItemButton
      onClick={onOpen}
      sx={{ alignItems: 'flex-start', gap: 1.5, py: 1.5 }}
      data-testid="inbox-item"
    >
      <Box
        sx={{
          width: 8,
          height: 8,
          mt: 1,
          borderRadius: '50%',
          flexShrink: 0,
          bgcolor: item.read ? 'transparent' : 'secondary.main',
        }}
        aria-label={item.read ? undefined : t('newsBell.new')}
      />
      <Box sx={{ minWidth: 0, flex: 1 }}>
        <Typography
          sx={{ fontWeight: item.read ? 400 : 700, overflowWrap: 'anywhere' }}
          data-testid="inbox-title"
        >
          {item.title}
        </Typography>
        <Typography
          variant="body2"
          color="text.secondary"
          sx={{
            overflow: 'hidden',
            display: '-webkit-box',
            WebkitLineClamp: 2,
            WebkitBoxOrient: 'vertical',
            overflowWrap: 'anywhere',
          }}
        >
          {item.body}
        </Typography>
        <Typography variant="caption" color="text.secondary">
          {formatDateTime(item.sentAt)}
        </Typography>
      </Box>
    </ListItemButton>
  );
}

/**
 * The bell's dialog: the news sent to the shop, newest first; one opened is read (by this person).
 * Loaded when the bell is first opened (news-bell.tsx): the top bar of every screen stays light.
 */
export default function NewsInbox({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const phone = useMediaQuery(useTheme().breakpoints.down('sm'));
  const [open, setOpen] = useState<InboxNews | null>(null);
  const query = useInbox(true);
  const read = useReadNews();
  // Every page fetched so far, in order; one item is never on two pages' worth of the list.
  const rows = [
    ...new Map((query.data?.pages ?? []).flatMap((p) => p.data ?? []).map((r) => [r.id, r])).values(),
  ];
  const unread = rows.some((r) => !r.read);

  const show = (item: InboxNews) => {
    setOpen(item);
    if (!item.read) read.mutate({ ids: [item.id] });
  };

  let content: React.ReactNode;
  if (open)
    content = (
      <Box data-testid="inbox-open">
        {open.imagePath && (
          <Box
            component="img"
            src={open.imagePath}
            alt=""
            sx={{ width: '100%', maxHeight: 240, objectFit: 'cover', borderRadius: 2, mb: 1.5 }}
          />
        )}
        <Typography variant="caption" color="text.secondary" component="p" sx={{ mb: 1 }}>
          {formatDateTime(open.sentAt)}
        </Typography>
        <NewsBody text={open.body} testId="inbox-body" />
      </Box>
    );
  else if (query.error && !query.data)
    content = <ErrorState error={query.error} onRetry={() => void query.refetch()} />;
  else if (!query.data) content = [0, 1, 2].map((i) => <Skeleton key={i} height={72} />);
  else if (rows.length === 0)
    content = <EmptyState title={t('newsBell.empty')} hint={t('newsBell.emptyHint')} />;
  else
    content = (
      <>
        <List disablePadding data-testid="inbox-list">
          {rows.map((item) => (
            <InboxLine key={item.id} item={item} onOpen={() => show(item)} />
          ))}
        </List>
        {query.hasNextPage && (
          <Button
            fullWidth
            onClick={() => void query.fetchNextPage()}
            disabled={query.isFetchingNextPage}
            data-testid="inbox-more"
          >
            {t('newsBell.more')}
          </Button>
        )}
      </>
    );

  return (
    <Dialog
      open
      onClose={onClose}
      fullScreen={phone}
      fullWidth
      maxWidth="sm"
      slotProps={{ paper: { sx: phone ? FULL_SCREEN_PAPER : undefined } }}
      aria-labelledby="inbox-title"
    >
      <DialogTitle id="inbox-title" sx={{ display: 'flex', alignItems: 'center', gap: 1, pr: 1.5 }}>
        {open && (
          <IconButton
            onClick={() => setOpen(null)}
            aria-label={t('newsBell.back')}
            edge="start"
            data-testid="inbox-back"
          >
            <ArrowBack />
          </IconButton>
        )}
        <Box component="span" sx={{ flex: 1, minWidth: 0, overflowWrap: 'anywhere' }}>
          {open ? open.title : t('newsBell.title')}
        </Box>
        {!open && unread && (
          <Tooltip title={t('newsBell.markAll')}>
            <IconButton
              onClick={() => read.mutate({ all: true })}
              aria-label={t('newsBell.markAll')}
              data-testid="inbox-read-all"
            >
              <DoneAll />
            </IconButton>
          </Tooltip>
        )}
        <IconButton onClick={onClose} aria-label={t('actions.close')} data-testid="inbox-close">
          <Close />
        </IconButton>
      </DialogTitle>
      <DialogContent dividers sx={{ p: open ? undefined : 0 }}>
        {content}
      </DialogContent>
    </Dialog>
  );
}
