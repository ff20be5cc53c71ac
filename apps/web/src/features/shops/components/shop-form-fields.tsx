import Box from '@mui/material/Box';
import FormHelperText from '@mui/material/FormHelperText';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { SHOP_STATUSES, type Shop } from '@parking-hub/contracts/shops';
import type { ReactNode } from 'react';
import { Controller, type FieldPath } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { messageText } from '../../../lib/i18n';
import type { ShopForm, ShopFormOutput, ShopFormValues } from '../shop-form';
import { normalizeTime } from '../shop-format';
import { AgentPicker } from './agent-picker';
import { PackageFields } from './package-fields';
import { TimezoneField } from './timezone-field';

/** Two fields side by side from a small tablet up, stacked on a phone. */
function Pair({ children }: { children: ReactNode }) {
  return (
    <Box
      sx={{
        display: 'grid',
        gap: 2,
        gridTemplateColumns: { xs: 'minmax(0, 1fr)', sm: 'repeat(2, minmax(0, 1fr))' },
      }}
    >
      {children}
    </Box>
  );
}

/** A helper line under a pair of fields, where a single field's helper text would go. */
function Hint({ children, testId }: { children: ReactNode; testId?: string }) {
  return (
    <FormHelperText sx={{ mx: 1.75 }} data-testid={testId}>
      {children}
    </FormHelperText>
  );
}

/** The shop's own fields (the logo and the QR receiver have their own sections). */
export function ShopFormFields({
  form,
  shop,
  locked,
}: {
  form: ShopForm;
  /** The shop being edited (its agent's name for the picker), or null for a new one. */
  shop: Shop | null;
  locked: readonly (keyof ShopFormOutput)[];
}) {
  const { t } = useTranslation('shops');
  const { register, control, formState, setValue, getValues } = form;
  const err = (name: FieldPath<ShopFormValues>) =>
    messageText((formState.errors as Record<string, { message?: string } | undefined>)[name]?.message);
  const text = (name: FieldPath<ShopFormValues>, testId = `field-${name}`) => ({
    ...register(name),
    error: !!err(name),
    slotProps: { htmlInput: { 'data-testid': testId } },
  });
  const kip = (name: 'priceMotorbike' | 'priceCar') => ({
    ...register(name),
    error: !!err(name),
    helperText: err(name),
    slotProps: {
      htmlInput: { inputMode: 'numeric' as const, 'data-testid': `field-${name}` },
      input: { endAdornment: <Box sx={{ color: 'text.secondary', pl: 1 }}>₭</Box> },
    },
  });
  // A time typed as "730" reads as 07:30 once the field is left.
  const time = (name: 'openShop' | 'closeShop') => ({
    ...register(name, {
      onBlur: () => setValue(name, normalizeTime(getValues(name)), { shouldDirty: true }),
    }),
    error: !!err(name),
    placeholder: 'HH:mm',
    slotProps: {
      inputLabel: { shrink: true },
      htmlInput: { inputMode: 'numeric' as const, maxLength: 5, 'data-testid': `field-${name}` },
    },
  });

  return (
    <>
      <TextField label={t('fields.name')} required {...text('name')} helperText={err('name')} />
      <Pair>
        <TextField
          label={t('fields.code')}
          {...text('code')}
          helperText={err('code') || t('form.codeHint')}
          slotProps={{
            htmlInput: {
              'data-testid': 'field-code',
              autoCapitalize: 'characters',
              spellCheck: false,
              maxLength: 12,
            },
          }}
        />
        {!locked.includes('status') && (
          <Controller
            control={control}
            name="status"
            render={({ field }) => (
              <TextField
                select
                label={t('fields.status')}
                {...field}
                error={!!err('status')}
                helperText={err('status')}
                slotProps={{ htmlInput: { 'data-testid': 'field-status' } }}
              >
                {SHOP_STATUSES.map((s) => (
                  <MenuItem key={s} value={s}>
                    {t(`status.${s}`)}
                  </MenuItem>
                ))}
              </TextField>
            )}
          />
        )}
      </Pair>
      <TextField label={t('fields.address')} {...text('address')} helperText={err('address')} />
      <Pair>
        <TextField label={t('fields.phone')} type="tel" {...text('phone')} helperText={err('phone')} />
        <TextField
          label={t('fields.whatsapp')}
          type="tel"
          {...text('whatsapp')}
          helperText={err('whatsapp')}
        />
      </Pair>
      <Box>
        <Pair>
          <TextField label={t('fields.priceMotorbike')} required {...kip('priceMotorbike')} />
          <TextField label={t('fields.priceCar')} required {...kip('priceCar')} />
        </Pair>
        <Hint>{t('form.pricesHint')}</Hint>
      </Box>
      <Box>
        <Pair>
          <TextField label={t('fields.openShop')} {...time('openShop')} helperText={err('openShop')} />
          <TextField label={t('fields.closeShop')} {...time('closeShop')} helperText={err('closeShop')} />
        </Pair>
        <Hint testId="hours-hint">{t('form.hoursHint')}</Hint>
      </Box>
      <Controller
        control={control}
        name="timezone"
        render={({ field }) => (
          <TimezoneField
            label={t('fields.timezone')}
            value={field.value}
            onChange={field.onChange}
            error={err('timezone')}
          />
        )}
      />
      {!locked.includes('packageId') && <PackageFields form={form} current={shop?.packageId ?? null} />}
      {!locked.includes('agentId') && (
        <Controller
          control={control}
          name="agentId"
          render={({ field }) => (
            <AgentPicker
              label={t('fields.agent')}
              value={field.value}
              onChange={field.onChange}
              knownName={shop?.agentName ?? null}
              placeholder={t('form.noAgent')}
              error={err('agentId')}
              data-testid="field-agent"
            />
          )}
        />
      )}
      <TextField
        label={t('fields.conditions')}
        multiline
        minRows={2}
        maxRows={6}
        {...text('conditions')}
        helperText={err('conditions') || t('form.conditionsHint')}
      />
    </>
  );
}
