import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Skeleton from '@mui/material/Skeleton';
import type { PriceRule } from '@parking-hub/contracts/prices';
import { type Role, SHOP_EDITOR_ROLES } from '@parking-hub/contracts/roles';
import { VEHICLE_TYPES } from '@parking-hub/contracts/vehicles';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useScreenTitle } from '../../app/use-screen-title';
import { PageHeader } from '../../components/page-header';
import { ShopPicker } from '../../components/shop-picker/shop-picker';
import { EmptyState, ErrorState } from '../../components/states';
import { useSession } from '../../lib/session-store';
import { useChosenShop } from '../../lib/use-chosen-shop';
import { usePriceShop } from './api/get-price-shop';
import { usePrices } from './api/get-prices';
import { AddRuleCard } from './components/add-rule-card';
import { RuleCard } from './components/rule-card';
import { type EditorSubject, RuleEditorDialog } from './components/rule-editor-dialog';

const gridSx = {
  display: 'grid',
  gap: 2,
  gridTemplateColumns: {
    xs: 'minmax(0, 1fr)',
    md: 'repeat(2, minmax(0, 1fr))',
    xl: 'repeat(3, minmax(0, 1fr))',
  },
} as const;

function RulesSkeleton() {
  return (
    <Box sx={gridSx} aria-busy>
      {[0, 1].map((i) => (
        <Skeleton key={i} variant="rounded" height={180} />
      ))}
    </Box>
  );
}

export default function PricesPage() {
  const { t } = useTranslation('prices');
  const title = useScreenTitle();
  const role = useSession((s) => s.role) as Role;
  const canEdit = SHOP_EDITOR_ROLES.includes(role);
  const { shopId, choose, ownName } = useChosenShop();
  const shop = usePriceShop(shopId);
  const prices = usePrices(shopId);
  const [editor, setEditor] = useState<EditorSubject | null>(null);
  const shopName = shop.data?.name ?? ownName;

  const rules = prices.data ?? [];
  const missing = VEHICLE_TYPES.filter((type) => !rules.some((r) => r.vehicleType === type));
  const edit = (rule: PriceRule) => setEditor({ rule });

  return (
    <>
      <PageHeader title={title} subtitle={shopName ? t('subtitle', { shop: shopName }) : undefined} />
      {role !== 'SHOP' && (
        <Box sx={{ maxWidth: { sm: 420 }, mb: 2 }}>
          <ShopPicker
            label={t('shop')}
            value={shopId}
            initialName={shopName}
            onChange={(s) => choose(s?.id ?? null)}
            data-testid="prices-shop"
          />
        </Box>
      )}
      {!canEdit && shopId && (
        <Alert severity="info" sx={{ mb: 2 }} data-testid="prices-read-only">
          {t('readOnly')}
        </Alert>
      )}
      {!shopId ? (
        <EmptyState title={t('chooseShop.title')} hint={t('chooseShop.hint')} />
      ) : prices.isPending ? (
        <RulesSkeleton />
      ) : prices.error ? (
        <ErrorState error={prices.error} onRetry={() => void prices.refetch()} />
      ) : (
        <>
          {rules.length === 0 && (
            <EmptyState title={t('empty.title')} hint={canEdit ? t('empty.hint') : undefined} />
          )}
          <Box sx={gridSx} data-testid="rules">
            {rules.map((rule) => (
              <RuleCard key={rule.id} rule={rule} canEdit={canEdit} onEdit={edit} />
            ))}
            {canEdit && missing.length > 0 && (
              <AddRuleCard types={missing} onAdd={(vehicleType) => setEditor({ shopId, vehicleType })} />
            )}
          </Box>
        </>
      )}
      {editor && (
        <RuleEditorDialog
          subject={editor}
          hours={{ data: shop.data?.hours, isError: shop.isError, refetch: shop.refetch }}
          onClose={() => setEditor(null)}
        />
      )}
    </>
  );
}
