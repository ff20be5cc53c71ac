import Box from '@mui/material/Box';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import { useTranslation } from 'react-i18next';
import { useScreenTitle } from '../../app/use-screen-title';
import { PageHeader } from '../../components/page-header';
import { useSession } from '../../lib/session-store';
import { useSearchFilters } from '../../lib/use-search-filters';
import { useReportParams } from '../reports/use-report-params';
import { useMembershipSettings } from './api/get-plans';
import { MembersTab } from './components/members-tab';
import { NumbersTab } from './components/numbers-tab';
import { ReportTab } from './components/report-tab';
import { useShopDay } from './use-shop-day';

const FILTER_KEYS = ['tab', 'shopId', 'q', 'status', 'expiring', 'numberStatus'] as const;
const TABS = ['members', 'numbers', 'report'] as const;
type TabKey = (typeof TABS)[number];

/**
 * /app/report/bill/members: the shop's members and their passes, the pool of card numbers
 * (managers and above) and the members report. The tab and every filter live in the URL; the
 * shop chosen stays when the tab changes.
 */
export default function MembersPage() {
  const { t } = useTranslation('members');
  const title = useScreenTitle();
  const session = useSession();
  const manager = session.role !== 'SHOP';
  const pickShop = session.role !== 'SHOP';
  const { values, page, setFilters, setPage } = useSearchFilters(FILTER_KEYS);
  const report = useReportParams();
  const tabs = TABS.filter((k) => manager || k !== 'numbers');
  const tab: TabKey = (tabs as readonly string[]).includes(values.tab) ? (values.tab as TabKey) : 'members';

  // The shop a sale goes to and whose settings count: the one chosen, else the user's own.
  const own = session.role === 'SHOP' || session.role === 'MANAGER' ? session.shopId : null;
  const workShop = (pickShop ? values.shopId : '') || own;
  const shopDay = useShopDay(workShop);
  const workShopName = workShop === session.shopId ? session.shopName : shopDay.shopName;
  const settings = useMembershipSettings(workShop, !!workShop);
  const canSell = manager || settings.data?.staffSellPasses === true;

  const switchTo = (next: TabKey) =>
    setFilters({ tab: next === 'members' ? '' : next, q: '', status: '', expiring: '', numberStatus: '' });

  return (
    <>
      <Box sx={{ '@media print': { display: 'none' } }}>
        <PageHeader title={title} subtitle={workShopName ?? undefined} />
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
              <Tab key={k} value={k} label={t(`tabs.${k}`)} data-testid={`members-tab-${k}`} />
            ))}
          </Tabs>
        </Box>
      </Box>
      {tab === 'members' && (
        <MembersTab
          values={values}
          page={page}
          setFilters={setFilters}
          setPage={setPage}
          workShop={workShop}
          workShopName={workShopName}
          pickShop={pickShop}
          manager={manager}
          canSell={canSell}
          soonDays={settings.data?.reminderDays}
        />
      )}
      {tab === 'numbers' && (
        <NumbersTab
          values={values}
          page={page}
          setFilters={setFilters}
          setPage={setPage}
          workShop={workShop}
          pickShop={pickShop}
        />
      )}
      {tab === 'report' && <ReportTab params={report} title={title} />}
    </>
  );
}
