import Box from '@mui/material/Box';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { useMemo } from 'react';
import { Controller, type FieldPath } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { formatKip } from '../../../lib/format';
import { messageText } from '../../../lib/i18n';
import { formatMonth, monthsFrom } from '../../../lib/months';
import { useSession } from '../../../lib/session-store';
import { usePackageOptions } from '../api/get-package-options';
import { currentMonth, type ShopForm, type ShopFormValues } from '../shop-form';
import { packageName } from '../shop-format';

/**
 * The package a main shop pays for and the month it starts (this month or later: a past month's
 * invoice keeps its package). Agents see only the active packages; the shop's own stays listed.
 */
export function PackageFields({ form, current }: { form: ShopForm; current: string | null }) {
  const { t, i18n } = useTranslation('shops');
  const role = useSession((s) => s.role);
  const options = usePackageOptions();
  const { control, formState, watch } = form;
  // This month and the eleven after it: a past month cannot be chosen (its invoice keeps its package).
  const monthsAhead = useMemo(() => monthsFrom(currentMonth(), 12), []);
  const err = (name: FieldPath<ShopFormValues>) =>
    messageText((formState.errors as Record<string, { message?: string } | undefined>)[name]?.message);
  const offered = (options.data ?? []).filter(
    (p) => p.active || p.id === current || (role !== 'AGENT' && p.id === watch('packageId')),
  );
  const changed = watch('packageId') !== (current ?? '');
  return (
    <Box
      sx={{
        display: 'grid',
        gap: 2,
        gridTemplateColumns: { xs: 'minmax(0, 1fr)', sm: 'minmax(0, 2fr) minmax(0, 1fr)' },
      }}
    >
      <Controller
        control={control}
        name="packageId"
        render={({ field }) => (
          <TextField
            select
            label={t('fields.package')}
            {...field}
            error={!!err('packageId')}
            helperText={err('packageId') || (options.isError ? t('form.packagesFailed') : undefined)}
            slotProps={{ htmlInput: { 'data-testid': 'field-package' } }}
          >
            <MenuItem value="" disabled={!!current}>
              {t('form.noPackage')}
            </MenuItem>
            {offered.map((p) => (
              <MenuItem key={p.id} value={p.id} data-testid="package-option">
                {packageName(p, i18n.language)} · {formatKip(p.monthlyPrice)}
              </MenuItem>
            ))}
          </TextField>
        )}
      />
      <Controller
        control={control}
        name="packageFrom"
        render={({ field }) => (
          <TextField
            select
            label={t('fields.packageFrom')}
            {...field}
            disabled={!changed}
            error={!!err('packageFrom')}
            helperText={err('packageFrom') || t('form.packageFromHint')}
            slotProps={{ htmlInput: { 'data-testid': 'field-packageFrom' } }}
          >
            {monthsAhead.map((m) => (
              <MenuItem key={m} value={m} data-testid="month-option">
                {formatMonth(m)}
              </MenuItem>
            ))}
          </TextField>
        )}
      />
    </Box>
  );
}
