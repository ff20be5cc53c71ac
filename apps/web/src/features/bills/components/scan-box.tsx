import QrCodeScanner from '@mui/icons-material/QrCodeScanner';
import Search from '@mui/icons-material/Search';
import CircularProgress from '@mui/material/CircularProgress';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import Paper from '@mui/material/Paper';
import TextField from '@mui/material/TextField';
import type { Bill } from '@parking-hub/contracts/bills';
import type { TFunction } from 'i18next';
import { type FormEvent, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../../lib/api-error';
import { useScanBill } from '../api/find-bill';
import { scanLocator } from '../scan-locator';

/** The message for a scan that found nothing (or failed): it names what was scanned. The gate too. */
export function scanProblem(t: TFunction, text: string, error: unknown): string {
  if (isApiError(error) && error.status === 404) return t('bills:scan.notFound', { text });
  if (isApiError(error) && error.status === 400) return t('bills:scan.malformed', { text });
  return t('bills:scan.failed', { text, message: error instanceof Error ? error.message : '' });
}

/** Text that is no reference or bill number but could be (part of) a plate: letters and digits. */
const PLATE_LIKE = /^[\p{L}\p{N}][\p{L}\p{N}\p{M} .-]{1,19}$/u;

/**
 * Staff type a reference or a USB/Bluetooth scanner types it followed by Enter. The box empties
 * and keeps the focus after every scan, so the next one needs no mouse. A plate (or part of one)
 * typed here searches the history by plate instead (`onPlate`).
 */
export function ScanBox({
  shopId,
  onFound,
  onPlate,
}: {
  shopId: string | null;
  onFound: (bill: Bill) => void;
  onPlate?: (plate: string) => void;
}) {
  const { t } = useTranslation('bills');
  const [text, setText] = useState('');
  const [problem, setProblem] = useState('');
  const [note, setNote] = useState('');
  const input = useRef<HTMLInputElement>(null);
  const scan = useScanBill();

  // A scanner may send the next ticket before the last answer came: every scan is looked up, the
  // box is emptied at once, and only the newest scan's answer is shown.
  const latest = useRef(0);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const typed = text.trim();
    setText('');
    input.current?.focus();
    if (!typed) return;
    const mine = ++latest.current;
    const locator = scanLocator(typed, shopId);
    setNote('');
    if (!locator && onPlate && PLATE_LIKE.test(typed)) {
      setProblem('');
      setNote(t('scan.plateSearch', { text: typed }));
      return onPlate(typed);
    }
    if (!locator) return setProblem(t('scan.malformed', { text: typed }));
    try {
      const found = await scan.mutateAsync(locator);
      if (mine !== latest.current) return;
      setProblem('');
      onFound(found.bill);
    } catch (error) {
      if (mine !== latest.current) return;
      setProblem(scanProblem(t, typed, error));
      input.current?.focus();
    }
  };

  return (
    <Paper variant="outlined" component="form" onSubmit={submit} sx={{ p: { xs: 1.5, sm: 2 }, mb: 2 }}>
      <TextField
        inputRef={input}
        autoFocus
        label={t('scan.label')}
        placeholder={t('scan.placeholder')}
        value={text}
        onChange={(e) => setText(e.target.value)}
        error={!!problem}
        helperText={problem || note || (shopId ? t('scan.hint') : ' ')}
        autoComplete="off"
        slotProps={{
          input: {
            startAdornment: (
              <InputAdornment position="start">
                <QrCodeScanner color="primary" />
              </InputAdornment>
            ),
            endAdornment: (
              <InputAdornment position="end">
                <IconButton type="submit" edge="end" aria-label={t('scan.submit')} disabled={scan.isPending}>
                  {scan.isPending ? <CircularProgress size={20} /> : <Search />}
                </IconButton>
              </InputAdornment>
            ),
          },
          htmlInput: {
            autoCapitalize: 'characters',
            spellCheck: false,
            enterKeyHint: 'search',
            'data-testid': 'scan-input',
          },
          formHelperText: { 'data-testid': 'scan-message' } as object,
        }}
      />
    </Paper>
  );
}
