import Chip from '@mui/material/Chip';
import { useTranslation } from 'react-i18next';

export function ActiveChip({ active }: { active: boolean }) {
  const { t } = useTranslation('packages');
  return (
    <Chip
      size="small"
      color={active ? 'success' : 'default'}
      label={active ? t('active') : t('inactive')}
      data-testid="active-chip"
    />
  );
}
