import Notifications from '@mui/icons-material/NotificationsOutlined';
import Badge from '@mui/material/Badge';
import IconButton from '@mui/material/IconButton';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useUnreadNews } from '../api/inbox';

// The dialog (Dialog, List) loads when the bell is first opened, and the tooltip (Popper) once the
// bar is drawn: neither is in the first screen's code (decision 024).
const NewsInbox = lazy(() => import('./news-inbox'));
const Tooltip = lazy(() => import('@mui/material/Tooltip'));

/**
 * The top bar's bell for a shop's staff and manager: how many news items they have not read, and
 * the list. The count is asked every minute while the app is open.
 */
export function NewsBell() {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const unread = useUnreadNews(true);
  const count = unread.data ?? 0;
  const label = count ? t('newsBell.openUnread', { count }) : t('newsBell.open');
  const button = (
    <IconButton color="inherit" onClick={() => setOpen(true)} aria-label={label} data-testid="news-bell">
      <Badge badgeContent={count} color="secondary" max={99} data-testid="news-bell-count">
        <Notifications />
      </Badge>
    </IconButton>
  );
  return (
    <>
      <Suspense fallback={button}>
        <Tooltip title={label}>{button}</Tooltip>
      </Suspense>
      {open && (
        <Suspense fallback={null}>
          <NewsInbox onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </>
  );
}
