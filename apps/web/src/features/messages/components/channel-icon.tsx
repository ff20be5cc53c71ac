import EmailOutlined from '@mui/icons-material/EmailOutlined';
import WhatsApp from '@mui/icons-material/WhatsApp';
import type { SvgIconProps } from '@mui/material/SvgIcon';
import type { Channel } from '@parking-hub/contracts/messaging';
import { useTranslation } from 'react-i18next';

/** WhatsApp in its green, e-mail in grey; the channel's name is the icon's accessible name. */
export function ChannelIcon({ channel, ...props }: { channel: Channel } & SvgIconProps) {
  const { t } = useTranslation('messages');
  const label = t(`channel.${channel}`);
  return channel === 'WHATSAPP' ? (
    <WhatsApp titleAccess={label} sx={{ color: '#1c8a4a' }} fontSize="small" {...props} />
  ) : (
    <EmailOutlined titleAccess={label} color="action" fontSize="small" {...props} />
  );
}
