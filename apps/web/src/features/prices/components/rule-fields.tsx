import Box from '@mui/material/Box';
import Divider from '@mui/material/Divider';
import InputAdornment from '@mui/material/InputAdornment';
import TextField from '@mui/material/TextField';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import { FEE_MODES, type FeeMode } from '@parking-hub/contracts/prices';
import { Controller, type UseFormReturn, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { type FormField, MINUTE_FIELDS, PASS_FIELDS, type RuleFormValues } from '../rule-form';

const HINTED: readonly FormField[] = ['graceMinutes', 'dailyCap', 'overnightFee', 'lostTicketFee'];

function NumberField({ form, name }: { form: UseFormReturn<RuleFormValues>; name: FormField }) {
  const { t } = useTranslation('prices');
  const error = form.formState.errors[name]?.message;
  const minutes = (MINUTE_FIELDS as readonly FormField[]).includes(name);
  return (
    <TextField
      label={t(`fields.${name}`)}
      {...form.register(name)}
      error={!!error}
      helperText={error || (HINTED.includes(name) ? t(`hints.${name}`) : undefined)}
      autoComplete="off"
      slotProps={{
        input: {
          endAdornment: (
            <InputAdornment position="end">{t(minutes ? 'units.minutes' : 'units.kip')}</InputAdornment>
          ),
        },
        htmlInput: { inputMode: 'numeric', 'data-testid': `field-${name}` },
      }}
    />
  );
}

/** Two boxes side by side from a small tablet up (a period's length and its price), else stacked. */
const pairSx = { display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } } as const;

/** The rule's mode and the boxes that mode uses; the others stay filled but hidden. */
export function RuleFields({ form }: { form: UseFormReturn<RuleFormValues> }) {
  const { t } = useTranslation('prices');
  const mode = useWatch({ control: form.control, name: 'mode' });
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
      <Controller
        control={form.control}
        name="mode"
        render={({ field }) => (
          <Box role="group" aria-labelledby="rule-mode-label">
            <Typography id="rule-mode-label" variant="subtitle2" sx={{ mb: 0.75 }}>
              {t('form.mode')}
            </Typography>
            <ToggleButtonGroup
              exclusive
              fullWidth
              color="primary"
              value={field.value}
              onChange={(_, next: FeeMode | null) => next && field.onChange(next)}
            >
              {FEE_MODES.map((m) => (
                <ToggleButton key={m} value={m} data-testid={`mode-${m}`}>
                  {t(`mode.${m}`)}
                </ToggleButton>
              ))}
            </ToggleButtonGroup>
            <Typography variant="body2" color="text.secondary" sx={{ mt: 0.75 }}>
              {t(`form.modeHint.${field.value}`)}
            </Typography>
          </Box>
        )}
      />
      {mode === 'FLAT' ? (
        <NumberField form={form} name="flatFee" />
      ) : (
        <>
          <NumberField form={form} name="graceMinutes" />
          <Box sx={pairSx}>
            <NumberField form={form} name="firstPeriodMinutes" />
            <NumberField form={form} name="firstPeriodFee" />
          </Box>
          <Box sx={pairSx}>
            <NumberField form={form} name="nextPeriodMinutes" />
            <NumberField form={form} name="nextPeriodFee" />
          </Box>
          <NumberField form={form} name="dailyCap" />
        </>
      )}
      <Divider />
      <NumberField form={form} name="overnightFee" />
      <NumberField form={form} name="lostTicketFee" />
      <Divider />
      <PassPriceFields form={form} />
    </Box>
  );
}

/** The monthly pass prices of this vehicle type (members, issue 14): an empty box is not sold. */
function PassPriceFields({ form }: { form: UseFormReturn<RuleFormValues> }) {
  const { t } = useTranslation('prices');
  return (
    <Box role="group" aria-labelledby="pass-prices-label">
      <Typography id="pass-prices-label" variant="subtitle2">
        {t('form.passes')}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1.5 }}>
        {t('form.passesHint')}
      </Typography>
      <Box
        sx={{
          display: 'grid',
          gap: 2,
          gridTemplateColumns: { xs: '1fr 1fr', sm: 'repeat(4, 1fr)', md: '1fr 1fr' },
        }}
      >
        {PASS_FIELDS.map((name) => (
          <NumberField key={name} form={form} name={name} />
        ))}
      </Box>
    </Box>
  );
}
