import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { User } from '@parking-hub/contracts/users';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { RemotePicker } from '../../../components/remote-picker';
import { useUserOptions } from '../api/get-user-options';

type UserOption = Pick<User, 'id' | 'fullName'> & Partial<Pick<User, 'username' | 'role'>>;

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
  const placeholderOption = useCallback(
    (id: string): UserOption => ({ id, fullName: knownName ?? '' }),
    [knownName],
  );
  const getLabel = useCallback((u: UserOption) => u.fullName || t('filters.userFallback'), [t]);
  return (
    <RemotePicker<UserOption>
      value={value || null}
      onChange={(u) => onChange(u?.id ?? '')}
      useOptions={useUserOptions}
      getLabel={getLabel}
      placeholderOption={placeholderOption}
      label={label}
      placeholder={t('filters.anyone')}
      noOptionsText={t('filters.noUser')}
      shrinkLabel
      renderOption={(u) => (
        <Box sx={{ minWidth: 0 }}>
          <Typography sx={{ fontSize: 14, overflowWrap: 'break-word' }}>{u.fullName}</Typography>
          <Typography variant="caption" color="text.secondary">
            @{u.username}
            {u.role && ` · ${t(`common:roles.${u.role}`)}`}
          </Typography>
        </Box>
      )}
      data-testid="filter-user"
    />
  );
}
