import AddBusiness from '@mui/icons-material/AddBusinessOutlined';
import Close from '@mui/icons-material/Close';
import Edit from '@mui/icons-material/Edit';
import Forum from '@mui/icons-material/ForumOutlined';
import Sell from '@mui/icons-material/SellOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import Skeleton from '@mui/material/Skeleton';
import { useTheme } from '@mui/material/styles';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { AGENT_AREA_ROLES } from '@parking-hub/contracts/roles';
import type { Shop, ShopDetail } from '@parking-hub/contracts/shops';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { FULL_SCREEN_PAPER } from '../../../components/full-screen';
import { ErrorState } from '../../../components/states';
import { useSession } from '../../../lib/session-store';
import { useShopDetail } from '../../../lib/shop-detail';
import { canAddBranch, canEditShop, isAdmin } from '../shop-access';
import { ShopBranches } from './shop-branches';
import { ShopFacts } from './shop-facts';
import { ShopLogo } from './shop-logo';
import { ShopMessages, shopMessagesHref } from './shop-messages';
import { ShopPackageHistory } from './shop-package-history';
import { ShopPriceSummary } from './shop-price-summary';
import { ShopStaff } from './shop-staff';
import { ShopStatusChip } from './shop-status-chip';
import { ShopToday } from './shop-today';

export interface ShopDetailActions {
  onOpenShop: (id: string) => void;
  onEdit: (shop: Shop) => void;
  onAddBranch: (parent: Shop) => void;
}

function Section({ title, action, children }: { title: string; action?: ReactNode; children: ReactNode }) {
  return (
    <Box component="section">
      <Box
        sx={{
          display: 'flex',
          alignItems: 'center',
          justifyContent: 'space-between',
          gap: 1,
          mb: 1,
          flexWrap: 'wrap',
        }}
      >
        <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600 }}>
          {title}
        </Typography>
        {action}
      </Box>
      {children}
    </Box>
  );
}

function DetailBody({ detail, actions }: { detail: ShopDetail; actions: ShopDetailActions }) {
  const { t } = useTranslation('shops');
  const role = useSession((s) => s.role);
  const { shop } = detail;
  const addBranch = canAddBranch(role, shop) && (
    <Button
      size="small"
      startIcon={<AddBusiness />}
      onClick={() => actions.onAddBranch(shop)}
      data-testid="detail-add-branch"
    >
      {t('actions.addBranch')}
    </Button>
  );
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 3 }}>
      <ShopFacts shop={shop} onOpenShop={actions.onOpenShop} />
      {canEditShop(role) && (
        <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
          <Button
            variant="outlined"
            startIcon={<Edit />}
            onClick={() => actions.onEdit(shop)}
            data-testid="detail-edit"
          >
            {t('actions.edit')}
          </Button>
        </Box>
      )}
      <ShopToday today={detail.today} />
      {!shop.parentId && (
        <Section title={t('detail.branches', { count: detail.branches.length })} action={addBranch}>
          <ShopBranches branches={detail.branches} onOpen={actions.onOpenShop} />
        </Section>
      )}
      <Section title={shop.parentId ? t('detail.packageOfMain') : t('detail.package')}>
        <ShopPackageHistory history={detail.packageHistory} />
      </Section>
      <Section title={t('detail.staff', { count: detail.staff.length })}>
        <ShopStaff staff={detail.staff} timeZone={shop.timezone} />
      </Section>
      <Section
        title={t('detail.prices')}
        action={
          <Button
            size="small"
            component={RouterLink}
            to={`/app/prices?shopId=${encodeURIComponent(shop.id)}`}
            startIcon={<Sell />}
            data-testid="detail-prices-link"
          >
            {t('detail.managePrices')}
          </Button>
        }
      >
        <ShopPriceSummary prices={detail.prices} />
      </Section>
      {AGENT_AREA_ROLES.includes(role as never) && (
        <Section
          title={t('messages.title')}
          action={
            isAdmin(role) && (
              <Button
                size="small"
                component={RouterLink}
                to={shopMessagesHref(shop.id)}
                startIcon={<Forum />}
                data-testid="detail-messages-link"
              >
                {t('messages.viewAll')}
              </Button>
            )
          }
        >
          <ShopMessages shop={shop} admin={isAdmin(role)} />
        </Section>
      )}
    </Box>
  );
}

/** A shop over the list (`?shop=<id>`): full screen on a phone, Back or the cross closes it. */
export function ShopDetailDialog({
  id,
  onClose,
  actions,
}: {
  id: string;
  onClose: () => void;
  actions: ShopDetailActions;
}) {
  const { t } = useTranslation('shops');
  const phone = useMediaQuery(useTheme().breakpoints.down('sm'));
  const query = useShopDetail(id);
  const shop = query.data?.shop;
  return (
    <Dialog
      open
      onClose={onClose}
      fullScreen={phone}
      slotProps={{ paper: { sx: phone ? FULL_SCREEN_PAPER : { maxWidth: 880 } } }}
      aria-labelledby="shop-detail-title"
      data-testid="shop-detail"
    >
      <DialogTitle
        id="shop-detail-title"
        component="div"
        sx={{ display: 'flex', alignItems: 'center', gap: 1.5, pr: 1 }}
      >
        {shop ? (
          <ShopLogo src={shop.logoPath} name={shop.name} size={56} />
        ) : (
          <Skeleton variant="rounded" width={56} height={56} />
        )}
        <Box sx={{ flex: 1, minWidth: 0 }}>
          {shop ? (
            <>
              <Typography
                variant="h6"
                component="h2"
                sx={{ fontWeight: 700, overflowWrap: 'anywhere', lineHeight: 1.3 }}
                data-testid="detail-name"
              >
                {shop.name}
              </Typography>
              <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
                <Typography variant="body2" color="text.secondary" data-testid="detail-code">
                  {shop.code}
                  {shop.parentName && ` · ${t('branchOf', { name: shop.parentName })}`}
                </Typography>
                <ShopStatusChip status={shop.status} />
              </Box>
            </>
          ) : (
            <Skeleton width={200} height={40} />
          )}
        </Box>
        <IconButton onClick={onClose} aria-label={t('detail.close')} data-testid="detail-close">
          <Close />
        </IconButton>
      </DialogTitle>
      <DialogContent dividers>
        {query.data ? (
          <DetailBody detail={query.data} actions={actions} />
        ) : query.error ? (
          <ErrorState error={query.error} onRetry={() => void query.refetch()} />
        ) : (
          <Box aria-busy="true">
            {[0, 1, 2, 3, 4].map((i) => (
              <Skeleton key={i} height={56} />
            ))}
          </Box>
        )}
      </DialogContent>
    </Dialog>
  );
}
