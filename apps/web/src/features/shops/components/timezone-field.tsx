import Autocomplete from '@mui/material/Autocomplete';
import TextField from '@mui/material/TextField';
import { useMemo } from 'react';

let zones: string[] | undefined;
/** The IANA zones this browser knows (the server checks the same way). */
function knownZones(): string[] {
  zones ??= Intl.supportedValuesOf('timeZone');
  return zones;
}

/** A time zone chosen from the list; the shop's own stays listed even if the browser lacks it. */
export function TimezoneField({
  value,
  onChange,
  label,
  error,
}: {
  value: string;
  onChange: (zone: string) => void;
  label: string;
  error?: string;
}) {
  const options = useMemo(() => {
    const all = knownZones();
    return value && !all.includes(value) ? [value, ...all] : all;
  }, [value]);
  return (
    <Autocomplete
      options={options}
      value={value || null}
      onChange={(_, zone) => onChange(zone ?? '')}
      autoHighlight
      renderInput={(params) => (
        <TextField
          {...params}
          label={label}
          error={!!error}
          helperText={error}
          slotProps={{
            ...params.slotProps,
            htmlInput: { ...params.slotProps.htmlInput, 'data-testid': 'field-timezone' },
          }}
        />
      )}
    />
  );
}
