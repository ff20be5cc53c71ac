import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import { useTranslation } from 'react-i18next';
import { DEFAULT_TIME_ZONE } from '../../../lib/format';
import { type DateRange, presetOf, presetRange, RANGE_PRESETS } from '../date-range';

/** Quick chips (today, yesterday, 7 and 30 days) above two date fields; today is the default. */
export function DateRangeChips({
  range,
  onChange,
}: {
  range: Partial<DateRange>;
  onChange: (next: DateRange) => void;
}) {
  const { t } = useTranslation('bills');
  const now = new Date();
  const active = range.from && range.to ? presetOf(range as DateRange, now, DEFAULT_TIME_ZONE) : null;
  return (
    <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', mb: 1.5 }} role="group">
      {RANGE_PRESETS.map((preset) => (
        <Chip
          key={preset}
          label={t(`filters.${preset}`)}
          color={active === preset ? 'primary' : 'default'}
          variant={active === preset ? 'filled' : 'outlined'}
          aria-pressed={active === preset}
          onClick={() => onChange(presetRange(preset, now, DEFAULT_TIME_ZONE))}
          data-testid={`range-${preset}`}
        />
      ))}
    </Box>
  );
}
