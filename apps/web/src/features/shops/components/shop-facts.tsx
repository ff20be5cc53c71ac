import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import type { Shop } from '@parking-hub/contracts/shops';
import { useTranslation } from 'react-i18next';
import { Fact, Facts } from '../../../components/facts';
import { ShopHoursText } from './shop-hours-text';

/** The shop's own facts: where, how to call, when it opens, whose it is. */
export function ShopFacts({ shop, onOpenShop }: { shop: Shop; onOpenShop: (id: string) => void }) {
  const { t } = useTranslation('shops');
  const parentId = shop.parentId;
  return (
    <Facts columns={{ xs: 'minmax(0, 1fr)', sm: 'repeat(2, minmax(0, 1fr))' }}>
      <Fact label={t('fields.address')} testId="detail-address">
        {shop.address || '—'}
      </Fact>
      <Fact label={t('fields.phone')} testId="detail-phone">
        {shop.phone ? <Link href={`tel:${shop.phone}`}>{shop.phone}</Link> : '—'}
        {shop.whatsapp && ` · WhatsApp ${shop.whatsapp}`}
      </Fact>
      <Fact label={t('fields.hours')}>
        <ShopHoursText open={shop.openShop} close={shop.closeShop} />
        <Typography component="span" variant="body2" color="text.secondary" sx={{ display: 'block' }}>
          {shop.timezone}
        </Typography>
      </Fact>
      <Fact label={t('fields.agent')} testId="detail-agent">
        {shop.agentName ?? t('detail.noAgent')}
      </Fact>
      {parentId && (
        <Fact label={t('detail.mainShop')}>
          <Link
            component="button"
            type="button"
            onClick={() => onOpenShop(parentId)}
            data-testid="detail-parent"
          >
            {shop.parentName}
          </Link>
        </Fact>
      )}
      {shop.conditions && (
        <Fact label={t('fields.conditions')} wide>
          <Box component="span" sx={{ whiteSpace: 'pre-line' }}>
            {shop.conditions}
          </Box>
        </Fact>
      )}
    </Facts>
  );
}
