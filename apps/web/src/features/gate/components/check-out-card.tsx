import PhotoCamera from '@mui/icons-material/PhotoCameraOutlined';
import QrCodeScanner from '@mui/icons-material/QrCodeScanner';
import ReportProblem from '@mui/icons-material/ReportProblemOutlined';
import Search from '@mui/icons-material/Search';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import Paper from '@mui/material/Paper';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { BillWithFee } from '@parking-hub/contracts/bills';
import { type FormEvent, lazy, Suspense, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../../lib/api-error';
import { useScanBill } from '../../bills/api/find-bill';
import { CheckoutDialog } from '../../bills/components/checkout-dialog';
import { scanProblem } from '../../bills/components/scan-box';
import { scanLocator } from '../../bills/scan-locator';
import { useRefreshGate } from '../api/create-bill';
import { WedgeBuffer } from '../wedge-buffer';
import { LostTicketDialog } from './lost-ticket-dialog';

// A bill that is no longer parked opens rarely: its detail (with the correction and cancel forms)
// loads then, not with the gate.
const BillDetailDialog = lazy(() =>
  import('../../bills/components/bill-detail-dialog').then((m) => ({ default: m.BillDetailDialog })),
);
// The camera reader (and its QR decoder) loads when first opened.
const CameraScanDialog = lazy(() =>
  import('./camera-scan-dialog').then((m) => ({ default: m.CameraScanDialog })),
);

/** Keys typed here belong to what has the focus, not to the gate's scanner. */
function typingSomewhere(target: EventTarget | null): boolean {
  const el = target as HTMLElement | null;
  if (!el || el === document.body) return false;
  return !!el.closest('input, textarea, select, [contenteditable="true"], [role="dialog"]');
}

type Message = { severity: 'error' | 'warning'; text: string; viewId?: string };

/**
 * Check-out: a keyboard-wedge scanner's input (the ticket's QR or reference, then Enter) is taken
 * from anywhere on the page, no field focused; the box takes a typed ticket number or reference.
 * A parked vehicle of this shop opens the check-out (fee, how it was made up, cash or Lao QR); a
 * ticket of another shop or one no longer parked is said so, and nothing changes. Lost ticket:
 * find the parked vehicle by number or plate.
 */
export function CheckOutCard({ shopId }: { shopId: string }) {
  const { t } = useTranslation(['gate', 'bills', 'common']);
  const [text, setText] = useState('');
  const [message, setMessage] = useState<Message | null>(null);
  const [checkout, setCheckout] = useState<{ found: BillWithFee; lost: boolean } | null>(null);
  const [viewId, setViewId] = useState<string | null>(null);
  const [lostOpen, setLostOpen] = useState(false);
  const [cameraOpen, setCameraOpen] = useState(false);
  const scan = useScanBill();
  const refresh = useRefreshGate();
  const latest = useRef(0);

  const lookUp = async (typed: string) => {
    const mine = ++latest.current;
    const locator = scanLocator(typed, shopId);
    if (!locator) return setMessage({ severity: 'error', text: t('bills:scan.malformed', { text: typed }) });
    setMessage(null);
    try {
      const found = await scan.mutateAsync(locator);
      if (mine !== latest.current) return;
      const { bill } = found;
      if (bill.shopId !== shopId) {
        setMessage({
          severity: 'error',
          text: t('checkOut.otherShop', { number: bill.number, shop: bill.shopName }),
        });
      } else if (bill.status !== 'PARKED') {
        setMessage({
          severity: 'warning',
          text: t('checkOut.notParked', {
            number: bill.number,
            status: t(`common:billStatus.${bill.status}`),
          }),
          viewId: bill.id,
        });
      } else setCheckout({ found, lost: false });
    } catch (error) {
      if (mine !== latest.current) return;
      // Not found here: at the gate, most likely another shop's ticket (that scope cannot see it).
      const text =
        isApiError(error) && error.status === 404
          ? t('checkOut.notHere', { text: typed })
          : scanProblem(t, typed, error);
      setMessage({ severity: 'error', text });
    }
  };

  // The scanner types into the page itself: keys outside any field are collected, Enter looks up.
  const lookUpRef = useRef(lookUp);
  lookUpRef.current = lookUp;
  const blocked = checkout !== null || viewId !== null || lostOpen || cameraOpen;
  useEffect(() => {
    if (blocked) return;
    const buffer = new WedgeBuffer();
    const onKey = (event: KeyboardEvent) => {
      if (event.ctrlKey || event.altKey || event.metaKey || typingSomewhere(event.target)) return;
      const scanned = buffer.key(event.key, event.timeStamp || performance.now());
      if (event.key === 'Enter' && scanned) event.preventDefault();
      if (scanned) void lookUpRef.current(scanned);
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [blocked]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const typed = text.trim();
    setText('');
    if (typed) void lookUp(typed);
  };

  return (
    <Paper variant="outlined" sx={{ p: { xs: 1.5, sm: 2 } }} data-testid="gate-check-out">
      <Typography variant="h6" component="h2" sx={{ mb: 1.5 }}>
        {t('checkOut.title')}
      </Typography>
      <Box component="form" onSubmit={submit}>
        <TextField
          fullWidth
          label={t('checkOut.label')}
          placeholder={t('checkOut.placeholder')}
          value={text}
          onChange={(e) => setText(e.target.value)}
          autoComplete="off"
          helperText={t('checkOut.hint')}
          slotProps={{
            input: {
              startAdornment: (
                <InputAdornment position="start">
                  <QrCodeScanner color="primary" />
                </InputAdornment>
              ),
              endAdornment: (
                <InputAdornment position="end">
                  <IconButton
                    type="submit"
                    edge="end"
                    aria-label={t('checkOut.submit')}
                    disabled={scan.isPending}
                  >
                    {scan.isPending ? <CircularProgress size={20} /> : <Search />}
                  </IconButton>
                </InputAdornment>
              ),
            },
            htmlInput: {
              inputMode: 'text',
              autoCapitalize: 'characters',
              spellCheck: false,
              enterKeyHint: 'search',
              'data-testid': 'gate-scan-input',
            },
          }}
        />
      </Box>
      {message && (
        <Alert
          severity={message.severity}
          sx={{ mt: 1.5 }}
          data-testid="gate-scan-message"
          action={
            message.viewId ? (
              <Button color="inherit" onClick={() => setViewId(message.viewId ?? null)}>
                {t('checkOut.view')}
              </Button>
            ) : undefined
          }
        >
          {message.text}
        </Alert>
      )}
      <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', mt: 1.5 }}>
        <Button
          variant="outlined"
          startIcon={<PhotoCamera />}
          onClick={() => setCameraOpen(true)}
          data-testid="gate-camera"
        >
          {t('checkOut.camera')}
        </Button>
        <Button
          color="warning"
          variant="outlined"
          startIcon={<ReportProblem />}
          onClick={() => setLostOpen(true)}
          data-testid="gate-lost"
        >
          {t('checkOut.lost')}
        </Button>
      </Box>
      {checkout && (
        <CheckoutDialog
          found={checkout.found}
          lost={checkout.lost}
          onClose={() => {
            setCheckout(null);
            refresh();
          }}
        />
      )}
      {viewId && (
        <Suspense fallback={null}>
          <BillDetailDialog key={viewId} id={viewId} onClose={() => setViewId(null)} />
        </Suspense>
      )}
      {cameraOpen && (
        <Suspense fallback={null}>
          <CameraScanDialog
            onClose={() => setCameraOpen(false)}
            onRead={(scanned) => {
              setCameraOpen(false);
              void lookUp(scanned);
            }}
          />
        </Suspense>
      )}
      {lostOpen && (
        <LostTicketDialog
          shopId={shopId}
          onClose={() => setLostOpen(false)}
          onFound={(found) => {
            setLostOpen(false);
            setCheckout({ found, lost: true });
          }}
        />
      )}
    </Paper>
  );
}
