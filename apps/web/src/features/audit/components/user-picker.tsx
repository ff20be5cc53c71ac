import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { Role } from '@parking-hub/contracts/roles';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useDebouncedValue } from '../../../lib/use-debounced-value';
import { useUserOptions } from '../api/get-user-options';

interface UserOption {
  id: string;
  fullName: string;
  username?: string;
  role?: Role;
}

export interface UserPickerProps {
  /** The chosen user id ('' for anyone). */
  value: string;
  onChange: (userId: string) => void;
  /** The name to show for a user id that came from the URL, before or without the options. */
  knownName?: string | null;
  label: string;
}

/** A user searched on the server (name, user name, phone) as one types. */
export function UserPicker({ value, onChange, knownName, label }: UserPickerProps) {
  const { t } = useTranslation('audit');
  const [input, setInput] = useState('');
  const [chosen, setChosen] = useState<UserOption | null>(null);
  const [open, setOpen] = useState(false);
  const q = useDebouncedValue(input, 250);
  // With a user chosen, the box shows its name: list everyone, not just that user.
  const query = useUserOptions(chosen && input === chosen.fullName ? '' : q, open || Boolean(value));

  useEffect(() => {
    if (!value) setChosen(null);
    else if (value !== chosen?.id || (!chosen.fullName && knownName)) {
      const known = query.data?.find((u) => u.id === value);
      setChosen(known ?? { id: value, fullName: knownName ?? '' });
    }
  }, [value, knownName, query.data, chosen?.id, chosen?.fullName]);

  return (
    <Autocomplete<UserOption>
      options={query.data ?? []}
      value={chosen}
      onChange={(_, user) => {
        setChosen(user);
        onChange(user?.id ?? '');
      }}
      open={open}
      onOpen={() => setOpen(true)}
      onClose={() => setOpen(false)}
      inputValue={input}
      onInputChange={(_, text) => setInput(text)}
      isOptionEqualToValue={(a, b) => a.id === b.id}
      getOptionLabel={(u) => u.fullName || t('filters.userFallback')}
      filterOptions={(x) => x}
      loading={query.isFetching}
      noOptionsText={t('filters.noUser')}
      loadingText={t('common:states.loading')}
      renderOption={({ key, ...props }, u) => (
        <Box component="li" key={key} {...props}>
          <Box sx={{ minWidth: 0 }}>
            <Typography sx={{ fontSize: 14, overflowWrap: 'anywhere' }}>{u.fullName}</Typography>
            <Typography variant="caption" color="text.secondary">
              @{u.username}
              {u.role && ` · ${t(`common:roles.${u.role}`)}`}
            </Typography>
          </Box>
        </Box>
      )}
      renderInput={(params) => (
        <TextField
          {...params}
          label={label}
          placeholder={t('filters.anyone')}
          slotProps={{
            ...params.slotProps,
            inputLabel: { ...params.slotProps.inputLabel, shrink: true },
            htmlInput: { ...params.slotProps.htmlInput, 'data-testid': 'filter-user' },
          }}
        />
      )}
    />
  );
}
