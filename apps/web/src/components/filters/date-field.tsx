import type { SxProps, Theme } from '@mui/material/styles';
import TextField from '@mui/material/TextField';

/** A filter's date ('YYYY-MM-DD'), its label always above the box. */
export function DateField({
  label,
  value,
  onChange,
  min,
  max,
  testId,
  sx,
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  min?: string;
  max?: string;
  testId: string;
  sx?: SxProps<Theme>;
}) {
  return (
    <TextField
      type="date"
      label={label}
      value={value}
      onChange={(e) => onChange(e.target.value)}
      sx={sx}
      slotProps={{ inputLabel: { shrink: true }, htmlInput: { min, max, 'data-testid': testId } }}
    />
  );
}
