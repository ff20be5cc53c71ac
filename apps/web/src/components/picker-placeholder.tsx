import ArrowDropDown from '@mui/icons-material/ArrowDropDown';
import FormControl from '@mui/material/FormControl';
import InputLabel from '@mui/material/InputLabel';
import OutlinedInput from '@mui/material/OutlinedInput';
import { useId } from 'react';

/**
 * A RemotePicker (closed, label above) while its code loads: the same box and height, read-only,
 * so that a screen can draw before Autocomplete and Popper have arrived and nothing moves when
 * they do (dashboard-controls.tsx).
 */
export function PickerPlaceholder({
  label,
  placeholder,
  value,
}: {
  label: string;
  placeholder?: string;
  value?: string | null;
}) {
  const id = useId();
  return (
    <FormControl fullWidth size="small" aria-busy="true">
      <InputLabel htmlFor={id} shrink>
        {label}
      </InputLabel>
      <OutlinedInput
        id={id}
        notched
        label={label}
        placeholder={placeholder}
        value={value ?? ''}
        readOnly
        endAdornment={<ArrowDropDown sx={{ color: 'action.active', mr: '-5px' }} />}
      />
    </FormControl>
  );
}
