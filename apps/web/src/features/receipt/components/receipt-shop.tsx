import LocalParking from '@mui/icons-material/LocalParking';
import Phone from '@mui/icons-material/PhoneOutlined';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import type { PublicBill } from '@parking-hub/contracts/bills';
import { useTranslation } from 'react-i18next';

/** Who issued the ticket: the shop's logo, name, address and a tap-to-call phone. */
export function ReceiptShop({ shop }: { shop: PublicBill['shop'] }) {
  const { t } = useTranslation('receipt');
  return (
    <Box sx={{ display: 'flex', gap: 2, alignItems: 'center', p: 2 }}>
      <Avatar
        src={shop.logoPath ?? undefined}
        alt=""
        variant="rounded"
        sx={{ width: 56, height: 56, bgcolor: 'primary.main' }}
      >
        <LocalParking />
      </Avatar>
      <Box sx={{ minWidth: 0 }}>
        <Typography
          variant="h6"
          component="h1"
          sx={{ fontWeight: 600, lineHeight: 1.3 }}
          data-testid="receipt-shop"
        >
          {shop.name}
        </Typography>
        {shop.address && (
          <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
            {shop.address}
          </Typography>
        )}
        {shop.phone && (
          <Link
            href={`tel:${shop.phone.replace(/\s+/g, '')}`}
            variant="body2"
            sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5 }}
            aria-label={`${t('call')} ${shop.phone}`}
          >
            <Phone sx={{ fontSize: 16 }} />
            {shop.phone}
          </Link>
        )}
      </Box>
    </Box>
  );
}
