import Campaign from '@mui/icons-material/CampaignOutlined';
import WhatsApp from '@mui/icons-material/WhatsApp';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import type { OutboxMessage } from '@parking-hub/contracts/messaging';
import type { Shop } from '@parking-hub/contracts/shops';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { MessageStatusChip } from '../../../components/messages/message-status-chip';
import { ErrorState } from '../../../components/states';
import { formatDateTime } from '../../../lib/format';
import { useShopMessages } from '../api/get-shop-messages';
import { SendToShopDialog } from './send-to-shop-dialog';
import { ShopNewsDialog } from './shop-news-dialog';

/** Where a shop's messages are listed in full (admins only; the screen is theirs). */
export const shopMessagesHref = (shopId: string, messageId?: string) =>
  `/app/messages?shopId=${encodeURIComponent(shopId)}${messageId ? `&message=${encodeURIComponent(messageId)}` : ''}`;

function MessageLine({ message: m }: { message: OutboxMessage }) {
  const { t } = useTranslation('shops');
  return (
    <Box sx={{ display: 'flex', alignItems: 'flex-start', gap: 1.5, width: '100%', minWidth: 0 }}>
      <Box sx={{ flex: 1, minWidth: 0 }}>
        <Typography
          sx={{
            fontSize: 14,
            overflow: 'hidden',
            display: '-webkit-box',
            WebkitLineClamp: 2,
            WebkitBoxOrient: 'vertical',
            overflowWrap: 'anywhere',
          }}
          data-testid="shop-message-body"
        >
          {m.body}
        </Typography>
        <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
          {formatDateTime(m.createdAt)} · {t(`messages.kind.${m.kind}`, { defaultValue: m.kind })}
          {m.createdByName && ` · ${m.createdByName}`}
        </Typography>
      </Box>
      <MessageStatusChip status={m.status} label={t(`messages.status.${m.status}`)} />
    </Box>
  );
}

/**
 * A shop's latest WhatsApp messages with their status, and a text to the shop's number. A shop
 * without a number says so next to the disabled button. Admins open a message on the Messages screen.
 */
export function ShopMessages({ shop, admin }: { shop: Shop; admin: boolean }) {
  const { t } = useTranslation('shops');
  const query = useShopMessages(shop.id);
  const [sending, setSending] = useState(false);
  const [news, setNews] = useState(false);
  const rows = query.data?.data;

  let list: ReactNode;
  if (query.error && !rows) list = <ErrorState error={query.error} onRetry={() => void query.refetch()} />;
  else if (!rows) list = [0, 1].map((i) => <Skeleton key={i} height={56} />);
  else if (rows.length === 0)
    list = (
      <Typography color="text.secondary" data-testid="shop-messages-empty">
        {t('messages.empty')}
      </Typography>
    );
  else
    list = (
      <Paper variant="outlined">
        <List disablePadding data-testid="shop-messages-list">
          {rows.map((m, i) => {
            const divider = i < rows.length - 1;
            return admin ? (
              <ListItemButton
                key={m.id}
                divider={divider}
                component={RouterLink}
                to={shopMessagesHref(shop.id, m.id)}
                data-testid="shop-message"
              >
                <MessageLine message={m} />
              </ListItemButton>
            ) : (
              <ListItem key={m.id} divider={divider} data-testid="shop-message">
                <MessageLine message={m} />
              </ListItem>
            );
          })}
        </List>
      </Paper>
    );

  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 1.5 }}>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5, flexWrap: 'wrap' }}>
        <Button
          variant="outlined"
          startIcon={<WhatsApp />}
          disabled={!shop.whatsapp}
          onClick={() => setSending(true)}
          aria-describedby={shop.whatsapp ? undefined : 'shop-no-whatsapp'}
          data-testid="shop-send-whatsapp"
        >
          {t('messages.send')}
        </Button>
        {shop.status === 'ACTIVE' && (
          <Button
            variant="outlined"
            startIcon={<Campaign />}
            onClick={() => setNews(true)}
            data-testid="shop-send-news"
          >
            {t('news.open')}
          </Button>
        )}
        {!shop.whatsapp && (
          <Typography
            id="shop-no-whatsapp"
            variant="body2"
            color="text.secondary"
            data-testid="shop-no-whatsapp"
          >
            {t('messages.noWhatsapp')}
          </Typography>
        )}
      </Box>
      {list}
      {sending && <SendToShopDialog shop={shop} onClose={() => setSending(false)} />}
      {news && <ShopNewsDialog shop={shop} onClose={() => setNews(false)} />}
    </Box>
  );
}
