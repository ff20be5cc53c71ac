import AccountBalance from '@mui/icons-material/AccountBalance';
import AccountBalanceWallet from '@mui/icons-material/AccountBalanceWallet';
import Apartment from '@mui/icons-material/Apartment';
import Assessment from '@mui/icons-material/Assessment';
import CalendarMonth from '@mui/icons-material/CalendarMonth';
import CardMembership from '@mui/icons-material/CardMembership';
import Chat from '@mui/icons-material/Chat';
import Dashboard from '@mui/icons-material/Dashboard';
import DeleteSweep from '@mui/icons-material/DeleteSweep';
import Event from '@mui/icons-material/Event';
import Garage from '@mui/icons-material/Garage';
import History from '@mui/icons-material/History';
import Inventory2 from '@mui/icons-material/Inventory2';
import Key from '@mui/icons-material/Key';
import LocalOffer from '@mui/icons-material/LocalOffer';
import Loyalty from '@mui/icons-material/Loyalty';
import Newspaper from '@mui/icons-material/Newspaper';
import OndemandVideo from '@mui/icons-material/OndemandVideo';
import Payments from '@mui/icons-material/Payments';
import People from '@mui/icons-material/People';
import PriceChange from '@mui/icons-material/PriceChange';
import ReceiptLong from '@mui/icons-material/ReceiptLong';
import RequestQuote from '@mui/icons-material/RequestQuote';
import Store from '@mui/icons-material/Store';
import SystemUpdate from '@mui/icons-material/SystemUpdate';
import Toll from '@mui/icons-material/Toll';
import type SvgIcon from '@mui/material/SvgIcon';

/** The drawer icon of each screen (keys of app/routes-config.ts). */
export const NAV_ICONS: Record<string, typeof SvgIcon> = {
  report: Dashboard,
  gate: Garage,
  bills: ReceiptLong,
  paymentByStaff: Payments,
  billCancel: DeleteSweep,
  billDate: Event,
  billMonth: CalendarMonth,
  members: CardMembership,
  customers: Loyalty,
  rent: RequestQuote,
  shops: Store,
  prices: PriceChange,
  users: People,
  rolls: Toll,
  promotions: LocalOffer,
  packages: Inventory2,
  compensation: AccountBalance,
  accounting: Assessment,
  wallet: AccountBalanceWallet,
  news: Newspaper,
  version: SystemUpdate,
  video: OndemandVideo,
  lastAction: History,
  accessToken: Key,
  messages: Chat,
  company: Apartment,
};
