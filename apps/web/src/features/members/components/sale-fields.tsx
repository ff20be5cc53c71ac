import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import InputAdornment from '@mui/material/InputAdornment';
import TextField from '@mui/material/TextField';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import { PASS_METHODS, PASS_MONTHS, type PassMethod, type PassPlan } from '@parking-hub/contracts/members';
import { useTranslation } from 'react-i18next';
import { formatKip } from '../../../lib/format';
import { messageText } from '../../../lib/i18n';
import { useSession } from '../../../lib/session-store';
import { showDay } from '../member-format';
import { amountText, planPrice, type SaleValues } from '../member-forms';

/**
 * What a sale or a renewal asks: the length (each with the shop's price for the vehicle type),
 * cash or Lao QR, the amount (the price unless changed), and the period it buys, shown before
 * anyone confirms.
 */
export function SaleFields({
  plans,
  vehicleType,
  value,
  onChange,
  errors,
  period,
  renewal = false,
}: {
  plans: readonly PassPlan[];
  vehicleType: string;
  value: SaleValues;
  onChange: (next: Partial<SaleValues>) => void;
  errors: Partial<Record<keyof SaleValues, string>>;
  period: { from: string; until: string } | null;
  renewal?: boolean;
}) {
  const { t } = useTranslation('members');
  // Shop staff take the shop's price (the server refuses another amount): a discount is a manager's.
  const priceOnly = useSession().role === 'SHOP';
  const months = Number(value.months);
  const price = planPrice(plans, vehicleType, months);
  const choose = (m: number) => {
    const p = planPrice(plans, vehicleType, m);
    onChange({ months: String(m), amount: amountText(p) });
  };
  return (
    <>
      <Box>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 0.5 }}>
          {t('fields.length')}
        </Typography>
        <Box
          role="radiogroup"
          aria-label={t('fields.length')}
          sx={{ display: 'grid', gap: 1, gridTemplateColumns: { xs: '1fr 1fr', sm: 'repeat(4, 1fr)' } }}
        >
          {PASS_MONTHS.map((m) => {
            const p = planPrice(plans, vehicleType, m);
            return (
              <ToggleButton
                key={m}
                value={m}
                selected={months === m}
                onChange={() => choose(m)}
                color="primary"
                role="radio"
                aria-checked={months === m}
                sx={{ flexDirection: 'column', py: 0.75, lineHeight: 1.3, textTransform: 'none' }}
                data-testid={`sale-months-${m}`}
              >
                <Box component="span" sx={{ fontWeight: 600 }}>
                  {t('months', { count: m })}
                </Box>
                <Box component="span" sx={{ fontSize: 12, whiteSpace: 'nowrap' }}>
                  {p === null ? t('form.noPrice') : formatKip(p)}
                </Box>
              </ToggleButton>
            );
          })}
        </Box>
        {errors.months && (
          <Typography variant="caption" color="error">
            {messageText(errors.months)}
          </Typography>
        )}
      </Box>
      <Box sx={{ display: 'flex', gap: 2, flexWrap: 'wrap', alignItems: 'flex-start' }}>
        <ToggleButtonGroup
          exclusive
          value={value.method}
          onChange={(_, m: PassMethod | null) => m && onChange({ method: m })}
          aria-label={t('fields.method')}
          color="primary"
          sx={{ flex: '1 1 180px' }}
        >
          {PASS_METHODS.map((m) => (
            <ToggleButton
              key={m}
              value={m}
              sx={{ flex: 1, textTransform: 'none' }}
              data-testid={`sale-method-${m}`}
            >
              {t(`method.${m}`)}
            </ToggleButton>
          ))}
        </ToggleButtonGroup>
        <TextField
          label={t('fields.amount')}
          value={value.amount}
          onChange={(e) => onChange({ amount: e.target.value })}
          error={!!errors.amount || (priceOnly && price === null)}
          helperText={
            errors.amount
              ? messageText(errors.amount)
              : price === null
                ? t(priceOnly ? 'form.noPriceStaff' : 'form.typeAmount')
                : t(priceOnly ? 'form.priceOnly' : 'form.shopPrice', { price: formatKip(price) })
          }
          sx={{ flex: '1 1 180px' }}
          slotProps={{
            input: { endAdornment: <InputAdornment position="end">₭</InputAdornment> },
            htmlInput: { inputMode: 'numeric', readOnly: priceOnly, 'data-testid': 'sale-amount' },
          }}
        />
      </Box>
      {period && (
        <Alert severity="info" icon={false} data-testid="sale-period">
          {renewal ? (
            <>
              {t('form.newUntil')}{' '}
              <Box component="strong" sx={{ whiteSpace: 'nowrap' }} data-testid="sale-new-until">
                {showDay(period.until)}
              </Box>
              <br />
              {t('form.periodShort', { from: showDay(period.from), until: showDay(period.until) })}
            </>
          ) : (
            <>
              {t('form.period')}{' '}
              <Box component="strong" sx={{ whiteSpace: 'nowrap' }}>
                {showDay(period.from)}
              </Box>{' '}
              {t('form.periodTo')}{' '}
              <Box component="strong" sx={{ whiteSpace: 'nowrap' }} data-testid="sale-new-until">
                {showDay(period.until)}
              </Box>
            </>
          )}
        </Alert>
      )}
    </>
  );
}
