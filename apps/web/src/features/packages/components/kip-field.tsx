import Box from '@mui/material/Box';
import TextField, { type TextFieldProps } from '@mui/material/TextField';
import type { UseFormRegisterReturn } from 'react-hook-form';

/** A whole-number box (kip with ₭ after it, or a count), numeric keyboard on a phone. */
export function NumberField({
  registration,
  error,
  kip = false,
  testId,
  ...props
}: Omit<TextFieldProps, 'error'> & {
  registration: UseFormRegisterReturn;
  error: string;
  kip?: boolean;
  testId: string;
}) {
  return (
    <TextField
      {...props}
      {...registration}
      error={!!error}
      helperText={error || props.helperText}
      slotProps={{
        htmlInput: { inputMode: 'numeric', 'data-testid': testId },
        input: kip ? { endAdornment: <Box sx={{ color: 'text.secondary', pl: 1 }}>₭</Box> } : undefined,
      }}
    />
  );
}
