import ChevronRight from '@mui/icons-material/ChevronRight';
import Storefront from '@mui/icons-material/StorefrontOutlined';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import type { ShopOption } from '@parking-hub/contracts/shops';
import { useTranslation } from 'react-i18next';

/** A main shop's branches; each opens its own detail. */
export function ShopBranches({ branches, onOpen }: { branches: ShopOption[]; onOpen: (id: string) => void }) {
  const { t } = useTranslation('shops');
  if (branches.length === 0)
    return (
      <Typography color="text.secondary" data-testid="branches-empty">
        {t('detail.noBranches')}
      </Typography>
    );
  return (
    <Paper variant="outlined">
      <List disablePadding data-testid="shop-branches">
        {branches.map((b, i) => (
          <ListItemButton
            key={b.id}
            divider={i < branches.length - 1}
            onClick={() => onOpen(b.id)}
            data-testid="branch-item"
          >
            <ListItemIcon sx={{ minWidth: 40 }}>
              <Storefront color="primary" />
            </ListItemIcon>
            <ListItemText primary={b.name} slotProps={{ primary: { sx: { overflowWrap: 'anywhere' } } }} />
            <ChevronRight color="action" />
          </ListItemButton>
        ))}
      </List>
    </Paper>
  );
}
