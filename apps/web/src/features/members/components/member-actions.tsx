import Autorenew from '@mui/icons-material/Autorenew';
import Block from '@mui/icons-material/Block';
import CreditCard from '@mui/icons-material/CreditCard';
import Edit from '@mui/icons-material/Edit';
import Info from '@mui/icons-material/InfoOutlined';
import MoreVert from '@mui/icons-material/MoreVert';
import Print from '@mui/icons-material/PrintOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import type { Member } from '@parking-hub/contracts/members';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';

export type MemberAction = 'renew' | 'detail' | 'card' | 'edit' | 'replace' | 'cancel';

/** What a member's row offers: renew in view, the rest in a menu; managers alone edit and cancel. */
export function MemberActions({
  member,
  canSell,
  manager,
  onAction,
}: {
  member: Member;
  canSell: boolean;
  manager: boolean;
  onAction: (action: MemberAction, member: Member) => void;
}) {
  const { t } = useTranslation('members');
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const live = member.status !== 'CANCELLED';
  const renewable = canSell && (member.status === 'ACTIVE' || member.status === 'EXPIRED');
  const items: [MemberAction, ReactNode, boolean][] = [
    ['detail', <Info key="i" />, true],
    ['card', <Print key="p" />, live],
    ['edit', <Edit key="e" />, manager && live],
    ['replace', <CreditCard key="c" />, manager && live],
    ['cancel', <Block key="b" />, manager && live],
  ];
  const run = (action: MemberAction) => {
    setAnchor(null);
    onAction(action, member);
  };
  return (
    <Box sx={{ display: 'flex', gap: 0.5, alignItems: 'center', justifyContent: 'flex-end' }}>
      {renewable && (
        <Button
          size="small"
          variant="outlined"
          startIcon={<Autorenew />}
          onClick={() => run('renew')}
          sx={{ whiteSpace: 'nowrap' }}
          data-testid="member-renew"
        >
          {t('actions.renew')}
        </Button>
      )}
      <IconButton
        aria-label={t('actions.more')}
        aria-haspopup="menu"
        onClick={(e) => setAnchor(e.currentTarget)}
        data-testid="member-more"
      >
        <MoreVert />
      </IconButton>
      <Menu anchorEl={anchor} open={anchor !== null} onClose={() => setAnchor(null)}>
        {items
          .filter(([, , shown]) => shown)
          .map(([action, icon]) => (
            <MenuItem key={action} onClick={() => run(action)} data-testid={`member-action-${action}`}>
              <ListItemIcon>{icon}</ListItemIcon>
              <ListItemText>{t(`actions.${action}`)}</ListItemText>
            </MenuItem>
          ))}
      </Menu>
    </Box>
  );
}
