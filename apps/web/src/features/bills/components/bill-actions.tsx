import Block from '@mui/icons-material/Block';
import Edit from '@mui/icons-material/EditOutlined';
import Logout from '@mui/icons-material/Logout';
import Print from '@mui/icons-material/PrintOutlined';
import ReportProblem from '@mui/icons-material/ReportProblemOutlined';
import Box from '@mui/material/Box';
import Button, { type ButtonProps } from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';
import type { Bill } from '@parking-hub/contracts/bills';
import { isRole, roleRank } from '@parking-hub/contracts/roles';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../../lib/session-store';
import type { Paper } from '../print/ticket-layout';

export type BillAction = 'checkout' | 'lost' | 'correct' | 'cancel';

/** Closed and lost bills are changed only by a manager or above (the server answers 403 otherwise). */
export function mayChange(bill: Pick<Bill, 'status'>, role: string): boolean {
  if (bill.status === 'CANCELLED') return false;
  if (bill.status === 'PARKED') return true;
  return isRole(role) && roleRank(role) >= roleRank('MANAGER');
}

interface ActionButton {
  action: BillAction;
  show: boolean;
  label: string;
  icon: ReactNode;
  variant?: ButtonProps['variant'];
  color?: ButtonProps['color'];
}

/** What can be done to the bill now, by its status and the signed-in role. */
export function BillActions({
  bill,
  onAction,
  onPrint,
  printing,
}: {
  bill: Bill;
  onAction: (action: BillAction) => void;
  onPrint: (paper: Paper) => void;
  /** The paper being recorded and printed, if any. */
  printing: Paper | undefined;
}) {
  const { t } = useTranslation('bills');
  const role = useSession((s) => s.role);
  if (bill.status === 'CANCELLED') return null;
  const parked = bill.status === 'PARKED';
  const change = mayChange(bill, role);
  // At the gate first (check out, lost ticket), then printing, then changes to the bill.
  const gate: ActionButton[] = [
    { action: 'checkout', show: parked, label: 'actions.checkOut', icon: <Logout />, variant: 'contained' },
    { action: 'lost', show: parked, label: 'actions.lost', icon: <ReportProblem />, color: 'warning' },
  ];
  const edit: ActionButton[] = [
    { action: 'correct', show: change, label: 'actions.correct', icon: <Edit />, color: 'inherit' },
    { action: 'cancel', show: change, label: 'actions.cancel', icon: <Block />, color: 'error' },
  ];
  const button = (a: ActionButton) => (
    <Button
      key={a.action}
      variant={a.variant ?? 'outlined'}
      color={a.color ?? 'primary'}
      startIcon={a.icon}
      onClick={() => onAction(a.action)}
      data-testid={`action-${a.action}`}
    >
      {t(a.label)}
    </Button>
  );
  const printButton = (paper: Paper) => (
    <Button
      variant="outlined"
      startIcon={printing === paper ? <CircularProgress size={18} /> : <Print />}
      disabled={printing !== undefined}
      onClick={() => onPrint(paper)}
      data-testid={`print-${paper}`}
    >
      {t(paper === '58' ? 'actions.print58' : 'actions.print80')}
    </Button>
  );
  return (
    <Box>
      <Box
        sx={{
          display: 'flex',
          flexWrap: 'wrap',
          gap: 1,
          '& > *': { flex: { xs: '1 1 140px', sm: '0 0 auto' } },
        }}
      >
        {gate.filter((a) => a.show).map(button)}
        {printButton('58')}
        {printButton('80')}
        {edit.filter((a) => a.show).map(button)}
      </Box>
      {!change && (
        <Typography variant="caption" color="text.secondary" sx={{ display: 'block', mt: 1 }}>
          {t('actions.managerOnly')}
        </Typography>
      )}
    </Box>
  );
}
