import TextField from '@mui/material/TextField';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { storage } from '../../../lib/storage';

const ROLL_KEY = 'gateRollSerial';

const parse = (text: string | null): number | undefined =>
  text && /^\d{1,12}$/.test(text) ? Number(text) : undefined;

/** The serial of the roll in this device's printer, remembered on the device (none: undefined). */
export function useRollSerial(): [number | undefined, (serial: number | undefined) => void] {
  const [serial, setSerial] = useState(() => parse(storage.get(ROLL_KEY)));
  const choose = useCallback((next: number | undefined) => {
    setSerial(next);
    if (next === undefined) storage.remove(ROLL_KEY);
    else storage.set(ROLL_KEY, String(next));
  }, []);
  return [serial, choose];
}

/** A small box in the gate's header: the roll in the printer, sent with each print (the ticket check). */
export function RollSerialField({
  value,
  onChange,
}: {
  value: number | undefined;
  onChange: (serial: number | undefined) => void;
}) {
  const { t } = useTranslation('gate');
  const [text, setText] = useState(value === undefined ? '' : String(value));
  return (
    <TextField
      size="small"
      label={t('rollSerial')}
      title={t('rollSerialHint')}
      value={text}
      onChange={(e) => {
        const digits = e.target.value.replace(/\D/g, '').slice(0, 12);
        setText(digits);
        onChange(parse(digits));
      }}
      sx={{ width: 170 }}
      slotProps={{ htmlInput: { inputMode: 'numeric', 'data-testid': 'gate-roll-serial' } }}
    />
  );
}
