import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { Bill } from '@parking-hub/contracts/bills';
import { useTranslation } from 'react-i18next';
import { Fact, Facts } from '../../../components/facts';
import { formatDateTime } from '../../../lib/format';

/** When, and by whom when the API says. */
function At({ at, by }: { at: string; by: string | null }) {
  const { t } = useTranslation('bills');
  return (
    <>
      {formatDateTime(at)}
      {by && (
        <Typography component="span" variant="body2" color="text.secondary" sx={{ display: 'block' }}>
          {t('detail.by', { name: by })}
        </Typography>
      )}
    </>
  );
}

/** The bill's own facts: reference, shop, vehicle, member, and its check-in / out / cancel. */
export function BillFacts({ bill }: { bill: Bill }) {
  const { t } = useTranslation(['bills', 'common']);
  return (
    <Facts columns="repeat(auto-fill, minmax(min(100%, 150px), 1fr))">
      <Fact label={t('detail.vehicleType')}>{t(`common:vehicles.${bill.vehicleType}`)}</Fact>
      <Fact label={t('detail.plate')} testId="bill-plate" strong>
        {bill.plate ?? (
          <Box component="span" sx={{ color: 'text.secondary' }}>
            {t('detail.noPlate')}
          </Box>
        )}
      </Fact>
      <Fact label={t('detail.checkIn')}>
        <At at={bill.checkInAt} by={bill.checkInByName} />
      </Fact>
      {bill.checkOutAt && (
        <Fact label={t('detail.checkOut')}>
          <At at={bill.checkOutAt} by={bill.checkOutByName} />
        </Fact>
      )}
      {bill.cancelledAt && (
        <Fact label={t('detail.cancelled')}>
          <At at={bill.cancelledAt} by={bill.cancelledByName} />
        </Fact>
      )}
      {bill.memberNumber && <Fact label={t('detail.member')}>{bill.memberNumber}</Fact>}
      <Fact label={t('detail.shop')}>{bill.shopName}</Fact>
      <Fact label={t('detail.reference')} testId="bill-reference">
        <Box component="span" sx={{ fontFamily: 'monospace', fontSize: 15 }}>
          {bill.reference}
        </Box>
      </Fact>
    </Facts>
  );
}
