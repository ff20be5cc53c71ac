import EmailOutlined from '@mui/icons-material/EmailOutlined';
import WhatsApp from '@mui/icons-material/WhatsApp';
import type { SvgIconProps } from '@mui/material/SvgIcon';
import type { ResetChannel } from '@parking-hub/contracts/password-reset';

/** E-mail or WhatsApp, the two places a code can go. */
export function ChannelIcon({ channel, ...props }: SvgIconProps & { channel: ResetChannel }) {
  return channel === 'EMAIL' ? (
    <EmailOutlined color="primary" {...props} />
  ) : (
    <WhatsApp sx={{ color: '#25D366' }} {...props} />
  );
}
