import Box from '@mui/material/Box';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { Package } from '@parking-hub/contracts/packages';
import { type DiscountType, promotionDiscount } from '@parking-hub/contracts/promotions';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatKip } from '../../../lib/format';

function Line({
  label,
  value,
  testId,
  strong,
}: {
  label: string;
  value: string;
  testId: string;
  strong?: boolean;
}) {
  return (
    <Box sx={{ display: 'flex', justifyContent: 'space-between', gap: 2 }}>
      <Typography variant="body2" color="text.secondary">
        {label}
      </Typography>
      <Typography
        variant="body2"
        sx={{ fontWeight: strong ? 700 : 500, textAlign: 'right' }}
        data-testid={testId}
      >
        {value}
      </Typography>
    </Box>
  );
}

/**
 * What the promotion takes off a chosen package's monthly price, computed by the same function as
 * the invoices (contracts' promotionDiscount): the price, the discount and what the shop pays; for
 * free months, how many months are free and the price after.
 */
export function DiscountPreview({
  packages,
  packageIds,
  type,
  value,
}: {
  packages: Package[];
  packageIds: string[];
  type: DiscountType;
  value: string;
}) {
  const { t, i18n } = useTranslation('promotions');
  const choices = packageIds.length > 0 ? packages.filter((p) => packageIds.includes(p.id)) : packages;
  const [picked, setPicked] = useState('');
  const pkg = choices.find((p) => p.id === picked) ?? choices[0];
  const amount = Number(value.replace(/,/g, ''));
  const valid = Number.isInteger(amount) && amount > 0;
  const name = (p: Package) => (i18n.language?.startsWith('en') ? p.nameEn : p.nameLo);
  return (
    <Paper variant="outlined" sx={{ p: 2 }} data-testid="discount-preview">
      <Typography variant="subtitle2" sx={{ mb: 1.5 }}>
        {t('preview.title')}
      </Typography>
      {choices.length === 0 ? (
        <Typography variant="body2" color="text.secondary">
          {t('preview.noPackages')}
        </Typography>
      ) : (
        <>
          <TextField
            select
            size="small"
            fullWidth
            label={t('preview.package')}
            value={pkg?.id ?? ''}
            onChange={(e) => setPicked(e.target.value)}
            slotProps={{ htmlInput: { 'data-testid': 'preview-package' } }}
            sx={{ mb: 1.5 }}
          >
            {choices.map((p) => (
              <MenuItem key={p.id} value={p.id}>
                {name(p)}
              </MenuItem>
            ))}
          </TextField>
          {pkg && (
            <Box sx={{ display: 'grid', gap: 0.5 }}>
              <Line label={t('preview.price')} value={formatKip(pkg.monthlyPrice)} testId="preview-price" />
              {!valid ? (
                <Typography variant="body2" color="text.secondary">
                  {t('preview.enterDiscount')}
                </Typography>
              ) : type === 'FREE_MONTHS' ? (
                <>
                  <Line
                    label={t('preview.freeMonths')}
                    value={t('preview.monthsFree', { count: amount })}
                    testId="preview-discount"
                  />
                  <Line
                    label={t('preview.toPayDuring')}
                    value={formatKip(0)}
                    testId="preview-to-pay"
                    strong
                  />
                  <Line
                    label={t('preview.toPayAfter')}
                    value={formatKip(pkg.monthlyPrice)}
                    testId="preview-after"
                  />
                </>
              ) : (
                <>
                  <Line
                    label={t('preview.discount')}
                    value={`− ${formatKip(promotionDiscount({ discountType: type, discountValue: amount }, pkg.monthlyPrice, 0))}`}
                    testId="preview-discount"
                  />
                  <Line
                    label={t('preview.toPay')}
                    value={formatKip(
                      pkg.monthlyPrice -
                        promotionDiscount({ discountType: type, discountValue: amount }, pkg.monthlyPrice, 0),
                    )}
                    testId="preview-to-pay"
                    strong
                  />
                </>
              )}
            </Box>
          )}
        </>
      )}
    </Paper>
  );
}
