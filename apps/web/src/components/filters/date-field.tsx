import type { SxProps, Theme } from '@mui/material/styles';
import { AdapterDayjs } from '@mui/x-date-pickers/AdapterDayjs';
import { DatePicker } from '@mui/x-date-pickers/DatePicker';
import { LocalizationProvider } from '@mui/x-date-pickers/LocalizationProvider';
import type { PickersLocaleText } from '@mui/x-date-pickers/locales';
import dayjs, { type Dayjs } from 'dayjs';
import 'dayjs/locale/lo';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';

/** Day/month/year in both languages, whatever the browser's own locale (GLOSSARY-lo.md). */
export const DATE_FORMAT = 'DD/MM/YYYY';
const ISO = 'YYYY-MM-DD';

/** The picker's own words in Lao (MUI X ships no Lao); English uses its defaults. */
export const LAO_TEXT: Partial<PickersLocaleText> = {
  previousMonth: 'ເດືອນກ່ອນ',
  nextMonth: 'ເດືອນຕໍ່ໄປ',
  openPreviousView: 'ມຸມມອງກ່ອນ',
  openNextView: 'ມຸມມອງຕໍ່ໄປ',
  calendarViewSwitchingButtonAriaLabel: (view) => (view === 'year' ? 'ກັບໄປປະຕິທິນ' : 'ເລືອກປີ'),
  cancelButtonLabel: 'ຍົກເລີກ',
  clearButtonLabel: 'ລ້າງ',
  okButtonLabel: 'ຕົກລົງ',
  todayButtonLabel: 'ມື້ນີ້',
  datePickerToolbarTitle: 'ເລືອກວັນທີ',
  openDatePickerDialogue: (formatted) => (formatted ? `ເລືອກວັນທີ, ວັນທີທີ່ເລືອກ ${formatted}` : 'ເລືອກວັນທີ'),
  fieldClearLabel: 'ລ້າງ',
  dateTableLabel: 'ເລືອກວັນທີ',
  fieldDayPlaceholder: () => 'ວວ',
  fieldMonthPlaceholder: () => 'ດດ',
  fieldYearPlaceholder: (params) => 'ປ'.repeat(params.digitAmount),
  year: 'ປີ',
  month: 'ເດືອນ',
  day: 'ວັນ',
  empty: 'ວ່າງ',
};

const toDay = (iso: string) => (iso ? dayjs(iso) : null);

/** The 'YYYY-MM-DD' a picker value stands for: '' when cleared, null while it is no whole date. */
function isoOf(day: Dayjs | null): string | null {
  if (day === null) return '';
  return day.isValid() && day.year() >= 1900 ? day.format(ISO) : null;
}

/**
 * A filter's date ('YYYY-MM-DD', or '' for none), shown and typed as dd/mm/yyyy with a calendar
 * (MUI X Date Picker over dayjs, Lao month and day names in Lao). The one date field of the app:
 * reports, bills, messages and the audit trail. What is typed is the field's own until it is a
 * whole date and Enter is pressed or the field is left: a filter does not run on 05/01/0002 on
 * the way to 05/11/2026, and a screen that re-renders meanwhile does not disturb the typing. A day
 * picked in the calendar is taken at once; clearing the field gives ''.
 */
export function DateField({
  label,
  value,
  onChange,
  min,
  max,
  testId,
  error,
  helperText,
  sx,
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  min?: string;
  max?: string;
  testId: string;
  error?: boolean;
  helperText?: string;
  sx?: SxProps<Theme>;
}) {
  const { i18n } = useTranslation();
  const lao = !i18n.language?.startsWith('en');
  const [draft, setDraft] = useState(() => toDay(value));
  const sent = useRef(value);
  // A new value from outside (a preset, the URL) replaces what the field shows.
  useEffect(() => {
    if (value !== sent.current) {
      sent.current = value;
      setDraft(toDay(value));
    }
  }, [value]);
  const commit = (day: Dayjs | null) => {
    const iso = isoOf(day);
    if (iso === null || iso === sent.current) return;
    sent.current = iso;
    onChange(iso);
  };
  return (
    <LocalizationProvider
      dateAdapter={AdapterDayjs}
      adapterLocale={lao ? 'lo' : 'en'}
      localeText={lao ? LAO_TEXT : undefined}
    >
      <DatePicker
        label={label}
        value={draft}
        format={DATE_FORMAT}
        minDate={min ? dayjs(min) : undefined}
        maxDate={max ? dayjs(max) : undefined}
        onChange={(next: Dayjs | null) => {
          setDraft(next);
        }}
        onAccept={(picked: Dayjs | null) => commit(picked)}
        sx={sx}
        slotProps={{
          // Small, as every TextField of the theme (app/theme.ts): the picker's field is its own.
          textField: {
            size: 'small',
            error,
            helperText,
            'data-testid': testId,
            onBlur: () => commit(draft),
            onKeyDown: (e: { key: string }) => e.key === 'Enter' && commit(draft),
          } as object,
        }}
      />
    </LocalizationProvider>
  );
}
