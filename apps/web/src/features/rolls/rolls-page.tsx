import Box from '@mui/material/Box';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import { useTranslation } from 'react-i18next';
import { useScreenTitle } from '../../app/use-screen-title';
import { PageHeader } from '../../components/page-header';
import { useSession } from '../../lib/session-store';
import { useSearchFilters } from '../../lib/use-search-filters';
import { DeliveriesTab } from './components/deliveries-tab';
import { LowPaperTab } from './components/low-paper-tab';
import { StockTab } from './components/stock-tab';
import { TicketCheckTab } from './components/ticket-check-tab';

const FILTER_KEYS = ['tab', 'shopId', 'personId', 'from', 'to', 'month', 'onlyLow', 'onlyFlagged'] as const;
const TABS = ['shops', 'people', 'stock', 'low', 'check'] as const;
type TabKey = (typeof TABS)[number];

/**
 * /app/rolls: paper rolls. Deliveries to shops and to agents (admins), each agent's stock, the
 * shops low on paper and the ticket check. The tab and every filter live in the URL.
 */
export default function RollsPage() {
  const { t } = useTranslation('rolls');
  const title = useScreenTitle();
  const role = useSession((s) => s.role);
  const admin = role === 'ADMIN' || role === 'SUPER-ADMIN';
  const tabs = TABS.filter((k) => admin || k !== 'people');
  const { values, page, setFilters, setPage } = useSearchFilters(FILTER_KEYS);
  const tab: TabKey = (tabs as readonly string[]).includes(values.tab) ? (values.tab as TabKey) : 'shops';
  // Another tab keeps nothing of this one's filters.
  const switchTo = (next: TabKey) =>
    setFilters({
      tab: next === 'shops' ? '' : next,
      shopId: '',
      personId: '',
      from: '',
      to: '',
      onlyLow: '',
      onlyFlagged: '',
    });

  return (
    <>
      <PageHeader title={title} />
      <Box sx={{ borderBottom: 1, borderColor: 'divider', mb: 2 }}>
        <Tabs
          value={tab}
          onChange={(_e, next: TabKey) => switchTo(next)}
          variant="scrollable"
          scrollButtons="auto"
          allowScrollButtonsMobile
          aria-label={title}
        >
          {tabs.map((k) => (
            <Tab key={k} value={k} label={t(`tabs.${k}`)} data-testid={`rolls-tab-${k}`} />
          ))}
        </Tabs>
      </Box>
      {(tab === 'shops' || tab === 'people') && (
        <DeliveriesTab
          key={tab}
          kind={tab === 'shops' ? 'SHOP' : 'PERSON'}
          values={values}
          page={page}
          setFilters={setFilters}
          setPage={setPage}
        />
      )}
      {tab === 'stock' && <StockTab />}
      {tab === 'low' && (
        <LowPaperTab onlyLow={values.onlyLow === '1'} page={page} setFilters={setFilters} setPage={setPage} />
      )}
      {tab === 'check' && (
        <TicketCheckTab values={values} page={page} setFilters={setFilters} setPage={setPage} />
      )}
    </>
  );
}
