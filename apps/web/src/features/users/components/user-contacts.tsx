import EmailOutlined from '@mui/icons-material/EmailOutlined';
import PhoneOutlined from '@mui/icons-material/PhoneOutlined';
import WhatsApp from '@mui/icons-material/WhatsApp';
import Box from '@mui/material/Box';
import type { SvgIconProps } from '@mui/material/SvgIcon';
import Typography from '@mui/material/Typography';
import type { User } from '@parking-hub/contracts/users';
import type { ComponentType } from 'react';
import { useTranslation } from 'react-i18next';

const CONTACTS = [
  { field: 'phone', Icon: PhoneOutlined },
  { field: 'email', Icon: EmailOutlined },
  { field: 'whatsapp', Icon: WhatsApp },
] as const satisfies readonly { field: keyof User; Icon: ComponentType<SvgIconProps> }[];

/**
 * Phone, e-mail and WhatsApp, one per line behind an icon that names it (a forgotten-password
 * code goes to the e-mail or the WhatsApp number).
 */
export function UserContacts({ user }: { user: User }) {
  const { t } = useTranslation('users');
  const present = CONTACTS.filter(({ field }) => user[field]);
  if (present.length === 0) return '—';
  return (
    <Box sx={{ display: 'grid', gap: 0.25, minWidth: { xs: 0, md: 'auto' } }}>
      {present.map(({ field, Icon }) => (
        <Box
          key={field}
          sx={{ display: 'flex', alignItems: 'center', gap: 0.75, minWidth: { xs: 0, md: 'auto' } }}
        >
          <Icon fontSize="small" color="action" titleAccess={t(`fields.${field}`)} />
          <Typography
            variant="body2"
            // One line in the table (an address broken mid-word is hard to read); cards may wrap.
            sx={{ whiteSpace: { md: 'nowrap' }, overflowWrap: 'anywhere' }}
            data-testid={`user-${field}`}
          >
            {user[field]}
          </Typography>
        </Box>
      ))}
    </Box>
  );
}
