import Add from '@mui/icons-material/Add';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Typography from '@mui/material/Typography';
import type { VehicleType } from '@parking-hub/contracts/vehicles';
import { useTranslation } from 'react-i18next';
import { VehicleIcon } from '../../../components/vehicle-icon';

/** The vehicle types the shop does not take yet, one button each to price them. */
export function AddRuleCard({ types, onAdd }: { types: VehicleType[]; onAdd: (type: VehicleType) => void }) {
  const { t } = useTranslation('prices');
  return (
    <Card
      variant="outlined"
      component="section"
      aria-label={t('add.title')}
      sx={{ borderStyle: 'dashed', bgcolor: 'transparent' }}
      data-testid="rule-add"
    >
      <CardContent>
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, mb: 1 }}>
          <Add color="primary" />
          <Typography variant="h6" component="h2" sx={{ fontWeight: 600 }}>
            {t('add.title')}
          </Typography>
        </Box>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
          {t('add.hint')}
        </Typography>
        <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1 }}>
          {types.map((type) => (
            <Button
              key={type}
              variant="outlined"
              startIcon={<VehicleIcon type={type} />}
              onClick={() => onAdd(type)}
              aria-label={t('actions.add', { vehicle: t(`common:vehicles.${type}`) })}
              data-testid={`rule-add-${type}`}
            >
              {t(`common:vehicles.${type}`)}
            </Button>
          ))}
        </Box>
      </CardContent>
    </Card>
  );
}
