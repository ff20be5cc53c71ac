import { AdapterDayjs } from '@mui/x-date-pickers/AdapterDayjs';
import { DateTimePicker } from '@mui/x-date-pickers/DateTimePicker';
import { LocalizationProvider } from '@mui/x-date-pickers/LocalizationProvider';
import dayjs, { type Dayjs } from 'dayjs';
import 'dayjs/locale/lo';
import { useTranslation } from 'react-i18next';
import { LAO_TEXT } from './date-field';

/** Day/month/year and a 24-hour time in both languages, whatever the browser's own locale. */
export const DATE_TIME_FORMAT = 'DD/MM/YYYY HH:mm';

/**
 * A moment to come (a news item's sending time): typed or picked as dd/mm/yyyy HH:mm in the
 * device's time zone, answered as an ISO time with its offset ('' while it is no whole time).
 */
export function DateTimeField({
  label,
  value,
  onChange,
  testId,
  error,
  helperText,
}: {
  label: string;
  value: string;
  onChange: (iso: string) => void;
  testId: string;
  error?: boolean;
  helperText?: string;
}) {
  const { i18n } = useTranslation();
  const lao = !i18n.language?.startsWith('en');
  return (
    <LocalizationProvider
      dateAdapter={AdapterDayjs}
      adapterLocale={lao ? 'lo' : 'en'}
      localeText={lao ? LAO_TEXT : undefined}
    >
      <DateTimePicker
        label={label}
        value={value ? dayjs(value) : null}
        format={DATE_TIME_FORMAT}
        ampm={false}
        disablePast
        onChange={(next: Dayjs | null) =>
          onChange(next?.isValid() ? next.second(0).millisecond(0).format() : '')
        }
        slotProps={{
          textField: { size: 'small', error, helperText, 'data-testid': testId, fullWidth: true } as object,
        }}
      />
    </LocalizationProvider>
  );
}
