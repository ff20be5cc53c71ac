import Checkbox from '@mui/material/Checkbox';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import { ROLES, type Role } from '@parking-hub/contracts/roles';
import { useTranslation } from 'react-i18next';

/** The roles a video is for, as ticks; none ticked means every role. */
export function RoleChoice({
  value,
  onChange,
  disabled,
  error,
}: {
  value: Role[];
  onChange: (roles: Role[]) => void;
  disabled: boolean;
  error?: string;
}) {
  const { t } = useTranslation(['videos', 'common']);
  const toggle = (role: Role, on: boolean) =>
    onChange(ROLES.filter((r) => (r === role ? on : value.includes(r))));
  return (
    <FormControl component="fieldset" error={!!error} disabled={disabled} data-testid="field-roles">
      <FormLabel component="legend">{t('fields.roles')}</FormLabel>
      <FormGroup row sx={{ columnGap: 1 }}>
        {ROLES.map((role) => (
          <FormControlLabel
            key={role}
            control={
              <Checkbox
                checked={value.includes(role)}
                onChange={(e) => toggle(role, e.target.checked)}
                slotProps={{ input: { 'data-testid': `field-role-${role}` } as object }}
              />
            }
            label={t(`common:roles.${role}`)}
          />
        ))}
      </FormGroup>
      <FormHelperText>
        {error ?? (value.length === 0 ? t('form.rolesAll') : t('form.rolesHint'))}
      </FormHelperText>
    </FormControl>
  );
}
