import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import TextField from '@mui/material/TextField';
import type { Bill, BillWithFee } from '@parking-hub/contracts/bills';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { handleError } from '../../../components/feedback/handle-response';
import { SubmitButton } from '../../../components/form/submit-button';
import { isApiError } from '../../../lib/api-error';
import { formatDateTime } from '../../../lib/format';
import { findBill } from '../../bills/api/find-bill';
import { getBills } from '../../bills/api/get-bills';

/**
 * A lost ticket: the parked vehicle is found by its ticket number or by (part of) its plate among
 * the shop's parked vehicles; choosing it opens the lost-ticket check-out (the stay's fee plus the
 * lost-ticket fee), as on the bills screen.
 */
export function LostTicketDialog({
  shopId,
  onClose,
  onFound,
}: {
  shopId: string;
  onClose: () => void;
  onFound: (found: BillWithFee) => void;
}) {
  const { t } = useTranslation(['gate', 'common']);
  const [text, setText] = useState('');
  const [busy, setBusy] = useState(false);
  const [rows, setRows] = useState<Bill[] | null>(null);
  const [none, setNone] = useState('');

  const open = async (locator: { id: string } | { number: number; shopId: string }) => {
    const found = await findBill(locator);
    if (found.bill.status === 'PARKED' && found.bill.shopId === shopId) return onFound(found);
    setRows([]);
    setNone(text.trim());
  };

  const search = async (event: FormEvent) => {
    event.preventDefault();
    const typed = text.trim();
    if (!typed) return;
    setBusy(true);
    setNone('');
    try {
      if (/^\d{1,9}$/.test(typed)) await open({ number: Number(typed), shopId });
      else {
        const page = await getBills({ shopId, status: 'PARKED', plate: typed, pageSize: 20 });
        setRows(page.rows);
        if (!page.rows.length) setNone(typed);
      }
    } catch (error) {
      if (isApiError(error) && error.status === 404) setNone(typed);
      else handleError(error);
    } finally {
      setBusy(false);
    }
  };

  const choose = async (bill: Bill) => {
    try {
      await open({ id: bill.id });
    } catch (error) {
      handleError(error);
    }
  };

  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="xs" aria-labelledby="lost-title">
      <DialogTitle id="lost-title">{t('lost.title')}</DialogTitle>
      <DialogContent>
        <Box
          component="form"
          onSubmit={search}
          sx={{ display: 'flex', gap: 1, alignItems: 'flex-start', pt: 1 }}
        >
          <TextField
            autoFocus
            fullWidth
            label={t('lost.label')}
            value={text}
            onChange={(e) => setText(e.target.value)}
            autoComplete="off"
            slotProps={{ htmlInput: { autoCapitalize: 'characters', 'data-testid': 'gate-lost-input' } }}
          />
          <SubmitButton busy={busy} sx={{ mt: 1 }} data-testid="gate-lost-search">
            {t('lost.search')}
          </SubmitButton>
        </Box>
        {none && (
          <Alert severity="info" sx={{ mt: 2 }} data-testid="gate-lost-none">
            {t('lost.none', { text: none })}
          </Alert>
        )}
        {rows && rows.length > 0 && (
          <List aria-label={t('lost.choose')} data-testid="gate-lost-results">
            {rows.map((bill) => (
              <ListItemButton key={bill.id} onClick={() => void choose(bill)} data-testid="gate-lost-row">
                <ListItemText
                  primary={`#${bill.number} · ${t(`common:vehicles.${bill.vehicleType}`)}${bill.plate ? ` · ${bill.plate}` : ''}`}
                  secondary={t('lost.since', { time: formatDateTime(bill.checkInAt) })}
                />
              </ListItemButton>
            ))}
          </List>
        )}
      </DialogContent>
      <DialogActions>
        <Button color="inherit" onClick={onClose}>
          {t('common:actions.cancel')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
