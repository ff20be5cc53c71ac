import Edit from '@mui/icons-material/Edit';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import type { Promotion } from '@parking-hub/contracts/promotions';
import type { TFunction } from 'i18next';
import type { Column } from '../../../components/data-table';
import { formatDate } from '../../../lib/format';
import { discountText } from '../promotion-text';
import { PromotionImage } from './promotion-image';
import { PromotionStateChip } from './promotion-state-chip';

type T = TFunction<'promotions'>;

/** Who a promotion is for, in words: every shop, an agent's shops, the chosen shops, new shops. */
export function audienceText(t: T, p: Promotion): string {
  if (p.audience === 'AGENT') return t('audienceOf.AGENT', { name: p.agentName ?? '' });
  if (p.audience === 'SHOPS') return t('audienceOf.SHOPS', { count: p.shopIds.length });
  if (p.audience === 'NEW_SHOPS' && p.agentName) return t('audienceOf.NEW_SHOPS_OF', { name: p.agentName });
  return t(`audienceOf.${p.audience}`);
}

export function promotionColumns(t: T, onEdit: (p: Promotion) => void): Column<Promotion>[] {
  return [
    {
      key: 'title',
      header: t('fields.title'),
      primary: true,
      render: (p) => (
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5, minWidth: 0 }}>
          <PromotionImage src={p.imagePath} title={p.title} />
          <Box sx={{ minWidth: 0 }}>
            <Typography sx={{ fontWeight: 600, overflowWrap: 'anywhere' }} data-testid="promotion-title">
              {p.title}
            </Typography>
            {p.ownerName && (
              <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
                {t('byAgent', { name: p.ownerName })}
              </Typography>
            )}
          </Box>
        </Box>
      ),
    },
    {
      key: 'discount',
      header: t('fields.discount'),
      render: (p) => (
        <span data-testid="promotion-discount">{discountText(t, p.discountType, p.discountValue)}</span>
      ),
    },
    {
      key: 'dates',
      header: t('fields.dates'),
      render: (p) => `${formatDate(p.validFrom)} – ${formatDate(p.validUntil)}`,
    },
    { key: 'audience', header: t('fields.audience'), render: (p) => audienceText(t, p) },
    {
      key: 'uses',
      header: t('fields.uses'),
      align: 'right',
      render: (p) => (p.maxUses === null ? String(p.uses) : `${p.uses} / ${p.maxUses}`),
    },
    { key: 'state', header: t('fields.state'), render: (p) => <PromotionStateChip state={p.state} /> },
    {
      key: 'actions',
      header: '',
      actions: true,
      align: 'right',
      render: (p) =>
        p.editable ? (
          <Tooltip title={t('actions.edit')}>
            <IconButton onClick={() => onEdit(p)} aria-label={t('actions.edit')} data-testid="promotion-edit">
              <Edit fontSize="small" />
            </IconButton>
          </Tooltip>
        ) : (
          <Typography variant="body2" color="text.secondary" sx={{ whiteSpace: 'nowrap' }}>
            {t('readOnly')}
          </Typography>
        ),
    },
  ];
}
