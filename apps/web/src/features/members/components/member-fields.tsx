import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { VEHICLE_TYPES, type VehicleType } from '@parking-hub/contracts/vehicles';
import { type Control, Controller, type FieldValues } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { PlatesField } from './plates-field';

/** The member's own fields, the same in a sale and in a manager's edit. */
export interface DetailsValues {
  fullName: string;
  phone: string;
  plates: string[];
  vehicleType: VehicleType | '';
}
type DetailsField = keyof DetailsValues;

/**
 * Name, phone (for the reminders), plates as chips and the vehicle type, in a form whose values
 * include them. `testId` prefixes each field's test id (`member-fullName`, `edit-plates`…).
 */
export function MemberFields<T extends FieldValues & DetailsValues>({
  control,
  err,
  clearError,
  testId,
}: {
  control: Control<T>;
  err: (name: DetailsField) => string;
  clearError: (name: DetailsField) => void;
  testId: string;
}) {
  const { t } = useTranslation(['members', 'common']);
  const own = control as unknown as Control<DetailsValues>;
  return (
    <>
      <Controller
        control={own}
        name="fullName"
        render={({ field }) => (
          <TextField
            label={t('fields.fullName')}
            required
            {...field}
            error={!!err('fullName')}
            helperText={err('fullName')}
            slotProps={{ htmlInput: { 'data-testid': `${testId}-fullName` } }}
          />
        )}
      />
      <Controller
        control={own}
        name="phone"
        render={({ field }) => (
          <TextField
            label={t('fields.phone')}
            {...field}
            error={!!err('phone')}
            helperText={err('phone') || t('form.phoneHint')}
            slotProps={{ htmlInput: { 'data-testid': `${testId}-phone`, inputMode: 'tel' } }}
          />
        )}
      />
      <Controller
        control={own}
        name="plates"
        render={({ field }) => (
          <PlatesField
            value={field.value ?? []}
            onChange={(plates) => {
              field.onChange(plates);
              clearError('plates');
            }}
            error={err('plates')}
            testId={`${testId}-plates`}
          />
        )}
      />
      <Controller
        control={own}
        name="vehicleType"
        render={({ field }) => (
          <TextField
            select
            label={t('fields.vehicleType')}
            value={field.value ?? ''}
            onChange={field.onChange}
            error={!!err('vehicleType')}
            helperText={err('vehicleType')}
            slotProps={{ htmlInput: { 'data-testid': `${testId}-vehicleType` } }}
          >
            {VEHICLE_TYPES.map((v) => (
              <MenuItem key={v} value={v}>
                {t(`common:vehicles.${v}`)}
              </MenuItem>
            ))}
          </TextField>
        )}
      />
    </>
  );
}
