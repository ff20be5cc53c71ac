import Delete from '@mui/icons-material/Delete';
import Edit from '@mui/icons-material/Edit';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardActions from '@mui/material/CardActions';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import type { PriceRule } from '@parking-hub/contracts/prices';
import { CORE_VEHICLE_TYPES } from '@parking-hub/contracts/vehicles';
import { Fragment } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmButton } from '../../../components/confirm-button';
import { handleError, handleResponse } from '../../../components/feedback/handle-response';
import { VehicleIcon } from '../../../components/vehicle-icon';
import { formatDateTime } from '../../../lib/format';
import { useDeletePrice } from '../api/delete-price';
import { passPhrases } from '../rule-text';
import { RuleSentence } from './rule-sentence';

/** One vehicle type's rule in words; editors get edit and (but for motorbike and car) delete. */
export function RuleCard({
  rule,
  canEdit,
  onEdit,
}: {
  rule: PriceRule;
  canEdit: boolean;
  onEdit: (rule: PriceRule) => void;
}) {
  const { t } = useTranslation('prices');
  const remove = useDeletePrice();
  const vehicle = t(`common:vehicles.${rule.vehicleType}`);
  const core = CORE_VEHICLE_TYPES.includes(rule.vehicleType);
  const passes = passPhrases(rule, t);
  return (
    <Card
      variant="outlined"
      component="section"
      aria-label={vehicle}
      sx={{ display: 'flex', flexDirection: 'column' }}
      data-testid={`rule-${rule.vehicleType}`}
    >
      <CardContent sx={{ flex: 1, pb: 1 }}>
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, mb: 1.5, flexWrap: 'wrap' }}>
          <VehicleIcon type={rule.vehicleType} color="primary" />
          <Typography variant="h6" component="h2" sx={{ fontWeight: 600, flex: 1, minWidth: 0 }}>
            {vehicle}
          </Typography>
          <Chip
            size="small"
            variant="outlined"
            color={rule.mode === 'TIMED' ? 'secondary' : 'default'}
            label={t(`mode.${rule.mode}`)}
            data-testid="rule-mode"
          />
        </Box>
        <RuleSentence rule={rule} sx={{ fontSize: '1.05rem' }} data-testid="rule-text" />
        {passes.length > 0 && (
          <Typography variant="body2" sx={{ mt: 1 }} data-testid="rule-passes">
            {t('card.passes')}{' '}
            {passes.map((phrase, i) => (
              // Each length and its price stay on one line; lines break between them.
              <Fragment key={phrase}>
                {i > 0 && ' · '}
                <Box component="span" sx={{ display: 'inline-block' }}>
                  {phrase}
                </Box>
              </Fragment>
            ))}
          </Typography>
        )}
        <Typography variant="caption" color="text.secondary" component="p" sx={{ mt: 1.5 }}>
          {t('card.updated', { date: formatDateTime(rule.updatedAt) })}
        </Typography>
        {canEdit && core && (
          <Typography variant="caption" color="text.secondary" component="p">
            {t('card.core')}
          </Typography>
        )}
      </CardContent>
      {canEdit && (
        <CardActions sx={{ justifyContent: 'flex-end', px: 2, pb: 1.5 }}>
          {!core && (
            <ConfirmButton
              icon={<Delete />}
              color="error"
              title={t('actions.delete', { vehicle })}
              text={t('actions.deleteText', { vehicle })}
              confirmText={t('common:actions.delete')}
              loading={remove.isPending}
              onConfirm={() => remove.mutateAsync(rule.id).then(handleResponse, handleError)}
              data-testid="rule-delete"
            />
          )}
          <Button
            variant="outlined"
            startIcon={<Edit />}
            onClick={() => onEdit(rule)}
            aria-label={t('actions.edit', { vehicle })}
            data-testid="rule-edit"
          >
            {t('common:actions.edit')}
          </Button>
        </CardActions>
      )}
    </Card>
  );
}
