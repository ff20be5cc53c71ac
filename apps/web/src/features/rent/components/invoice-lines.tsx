import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { InvoiceLineRow } from '@parking-hub/contracts/rent';
import { useTranslation } from 'react-i18next';
import { formatKip } from '../../../lib/format';
import { lineText } from '../rent-format';

type Line = Pick<InvoiceLineRow, 'descriptionLo' | 'descriptionEn' | 'quantity' | 'unitPrice' | 'amount'>;

/** An invoice's lines as rows that wrap on a phone: the description, then quantity × price and the amount. */
export function InvoiceLines({ lines }: { lines: Line[] }) {
  const { t, i18n } = useTranslation('rent');
  return (
    <Box data-testid="invoice-lines">
      <Box
        sx={{
          display: { xs: 'none', sm: 'grid' },
          gridTemplateColumns: 'minmax(0, 1fr) 5rem 8rem 9rem',
          gap: 1,
          py: 0.5,
          borderBottom: 2,
          borderColor: 'divider',
          typography: 'body2',
          fontWeight: 600,
        }}
      >
        <span>{t('fields.description')}</span>
        <Box sx={{ textAlign: 'right' }}>{t('fields.quantity')}</Box>
        <Box sx={{ textAlign: 'right' }}>{t('fields.unitPrice')}</Box>
        <Box sx={{ textAlign: 'right' }}>{t('fields.amount')}</Box>
      </Box>
      {lines.map((l, i) => (
        <Box
          // biome-ignore lint/suspicious/noArrayIndexKey: lines keep their order and have no id on the public page
          key={i}
          sx={{
            display: 'grid',
            gridTemplateColumns: { xs: 'minmax(0, 1fr) auto', sm: 'minmax(0, 1fr) 5rem 8rem 9rem' },
            gap: { xs: 0.25, sm: 1 },
            columnGap: 1,
            py: 0.75,
            borderBottom: 1,
            borderColor: 'divider',
            typography: 'body2',
          }}
          data-testid="invoice-line"
        >
          <Box
            sx={{ overflowWrap: 'anywhere', gridColumn: { xs: '1 / -1', sm: 'auto' } }}
            data-testid="line-text"
          >
            {lineText(l, i18n.language)}
          </Box>
          <Box
            sx={{
              textAlign: { sm: 'right' },
              color: { xs: 'text.secondary', sm: 'inherit' },
              whiteSpace: 'nowrap',
            }}
          >
            <Box component="span" sx={{ display: { sm: 'none' } }}>
              {l.quantity.toLocaleString('en-US')} × {formatKip(l.unitPrice)}
            </Box>
            <Box component="span" sx={{ display: { xs: 'none', sm: 'inline' } }}>
              {l.quantity.toLocaleString('en-US')}
            </Box>
          </Box>
          <Box sx={{ display: { xs: 'none', sm: 'block' }, textAlign: 'right', whiteSpace: 'nowrap' }}>
            {formatKip(l.unitPrice)}
          </Box>
          <Typography
            variant="body2"
            sx={{ textAlign: 'right', whiteSpace: 'nowrap', fontWeight: 600 }}
            data-testid="line-amount"
          >
            {formatKip(l.amount)}
          </Typography>
        </Box>
      ))}
    </Box>
  );
}

/** Subtotal, discount, total, paid and due, right-aligned under the lines. */
export function InvoiceSums({
  sums,
}: {
  sums: { subtotal: number; discount: number; total: number; paid: number; due: number };
}) {
  const { t } = useTranslation('rent');
  const row = (key: keyof typeof sums, strong = false) => (
    <Box
      key={key}
      sx={{
        display: 'flex',
        justifyContent: 'space-between',
        gap: 2,
        py: 0.25,
        fontWeight: strong ? 700 : undefined,
      }}
      data-testid={`sum-${key}`}
    >
      <span>{t(`fields.${key}`)}</span>
      <Box component="span" sx={{ whiteSpace: 'nowrap' }}>
        {key === 'discount' && sums.discount > 0 ? '−' : ''}
        {formatKip(sums[key])}
      </Box>
    </Box>
  );
  return (
    <Box sx={{ ml: 'auto', mt: 1, width: { xs: '100%', sm: 320 }, typography: 'body2' }}>
      {row('subtotal')}
      {sums.discount > 0 && row('discount')}
      {row('total', true)}
      {row('paid')}
      {row('due', true)}
    </Box>
  );
}
