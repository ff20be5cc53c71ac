import Box from '@mui/material/Box';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import type { CheckInResult } from '@parking-hub/contracts/bills';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useScreenTitle } from '../../app/use-screen-title';
import { PageHeader } from '../../components/page-header';
import { ShopPicker } from '../../components/shop-picker/shop-picker';
import { EmptyState } from '../../components/states';
import { storage } from '../../lib/storage';
import { useChosenShop } from '../../lib/use-chosen-shop';
import { PrintTicket } from '../bills/print/print-ticket';
import type { Paper } from '../bills/print/ticket-layout';
import { usePrintBill } from '../bills/print/use-print-bill';
import { useTicketShop } from '../bills/print/use-ticket-shop';
import { CheckInCard } from './components/check-in-card';
import { CheckOutCard } from './components/check-out-card';
import { GateCounters } from './components/gate-counters';
import { LastTicketCard } from './components/last-ticket-card';
import { RollSerialField, useRollSerial } from './components/roll-serial-field';

const PAPER_KEY = 'gatePaper';

/** The roll this gate's printer takes, remembered on the device (58 mm unless 80 was chosen). */
function usePaper(): [Paper, (p: Paper) => void] {
  const [paper, setPaper] = useState<Paper>(() => (storage.get(PAPER_KEY) === '80' ? '80' : '58'));
  const choose = useCallback((p: Paper) => {
    setPaper(p);
    storage.set(PAPER_KEY, p);
  }, []);
  return [paper, choose];
}

function Gate({
  shopId,
  shopName,
  paper,
  rollSerial,
}: {
  shopId: string;
  shopName: string | null;
  paper: Paper;
  rollSerial: number | undefined;
}) {
  const shop = useTicketShop({ shopId, shopName: shopName ?? '' });
  const printing = usePrintBill();
  const [last, setLast] = useState<CheckInResult | null>(null);

  const checkedIn = (bill: CheckInResult) => {
    setLast(bill);
    // The tapped button gives the focus back: a scanner's Enter must not press it again.
    if (document.activeElement instanceof HTMLElement) document.activeElement.blur();
    void printing.print(paper, bill.id, rollSerial);
  };

  return (
    <>
      <GateCounters shopId={shopId} timeZone={shop.timezone} />
      <Box
        sx={{
          display: 'grid',
          gap: 2,
          alignItems: 'start',
          gridTemplateColumns: { xs: 'minmax(0, 1fr)', lg: 'minmax(0, 3fr) minmax(0, 2fr)' },
        }}
      >
        <Box sx={{ display: 'grid', gap: 2 }}>
          <CheckInCard shopId={shopId} onCheckedIn={checkedIn} />
          {last && (
            <LastTicketCard
              bill={last}
              timeZone={shop.timezone}
              onPrint={(size) => void printing.print(size, last.id, rollSerial)}
              printing={printing.busy}
            />
          )}
        </Box>
        <CheckOutCard shopId={shopId} />
      </Box>
      {printing.job && <PrintTicket job={printing.job} shop={shop} onDone={printing.done} />}
    </>
  );
}

/** /app/gate: check vehicles in and out from a phone or tablet held at the gate (issue 12). */
export default function GatePage() {
  const { t } = useTranslation('gate');
  const title = useScreenTitle();
  const { shopId, choose, role, ownName } = useChosenShop();
  const [paper, setPaper] = usePaper();
  const [rollSerial, setRollSerial] = useRollSerial();
  const [chosenName, setChosenName] = useState<string | null>(null);
  const shopName = ownName ?? chosenName;

  return (
    <>
      <PageHeader
        title={title}
        subtitle={shopName ? t('subtitle', { shop: shopName }) : undefined}
        actions={
          <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap' }}>
            <RollSerialField value={rollSerial} onChange={setRollSerial} />
            <ToggleButtonGroup
              exclusive
              size="small"
              value={paper}
              onChange={(_, value: Paper | null) => value && setPaper(value)}
              aria-label={t('paper')}
            >
              <ToggleButton value="58" data-testid="gate-paper-58">
                58 mm
              </ToggleButton>
              <ToggleButton value="80" data-testid="gate-paper-80">
                80 mm
              </ToggleButton>
            </ToggleButtonGroup>
          </Box>
        }
      />
      {role !== 'SHOP' && (
        <Box sx={{ maxWidth: { sm: 420 }, mb: 2 }}>
          <ShopPicker
            label={t('shop')}
            value={shopId}
            initialName={shopName}
            onChange={(s) => {
              setChosenName(s?.name ?? null);
              choose(s?.id ?? null);
            }}
            data-testid="gate-shop"
          />
        </Box>
      )}
      {shopId ? (
        <Gate key={shopId} shopId={shopId} shopName={shopName} paper={paper} rollSerial={rollSerial} />
      ) : (
        <EmptyState title={t('chooseShop.title')} hint={t('chooseShop.hint')} />
      )}
    </>
  );
}
