import FormControl from '@mui/material/FormControl';
import FormHelperText from '@mui/material/FormHelperText';
import InputLabel from '@mui/material/InputLabel';
import OutlinedInput, { type OutlinedInputProps } from '@mui/material/OutlinedInput';
import { useId } from 'react';

export interface PlainTextFieldProps extends Omit<OutlinedInputProps, 'error'> {
  label: string;
  error?: string;
}

/**
 * An outlined text field that looks like MUI's TextField without its select mode, whose
 * Select/Menu/Popover code would cost the login route ~10 KB of its 200 KB budget.
 */
export function PlainTextField({ label, error, id, required, ...input }: PlainTextFieldProps) {
  const generated = useId();
  const inputId = id ?? generated;
  return (
    <FormControl fullWidth size="small" error={!!error} required={required} variant="outlined">
      <InputLabel htmlFor={inputId}>{label}</InputLabel>
      <OutlinedInput
        id={inputId}
        label={required ? `${label} *` : label}
        aria-describedby={error ? `${inputId}-error` : undefined}
        {...input}
      />
      {error && <FormHelperText id={`${inputId}-error`}>{error}</FormHelperText>}
    </FormControl>
  );
}
