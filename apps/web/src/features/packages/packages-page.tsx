import Add from '@mui/icons-material/Add';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import type { Fee, Package } from '@parking-hub/contracts/packages';
import { ADMIN_ROLES } from '@parking-hub/contracts/roles';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useScreenTitle } from '../../app/use-screen-title';
import { PageHeader } from '../../components/page-header';
import { useSession } from '../../lib/session-store';
import { FeeFormDialog } from './components/fee-form-dialog';
import { FeeTable } from './components/fee-table';
import { PackageFormDialog } from './components/package-form-dialog';
import { PackageTable } from './components/package-table';

type Editing<T> = { item: T | null } | null;

/** `/app/packages`: the rental packages and the fee list; admins edit, agents read (they sell them). */
export default function PackagesPage() {
  const { t } = useTranslation('packages');
  const title = useScreenTitle();
  const role = useSession((s) => s.role);
  const canEdit = ADMIN_ROLES.includes(role as never);
  const [pkg, setPkg] = useState<Editing<Package>>(null);
  const [fee, setFee] = useState<Editing<Fee>>(null);

  return (
    <>
      <PageHeader
        title={title}
        subtitle={canEdit ? t('subtitle') : t('subtitleReadOnly')}
        actions={
          canEdit && (
            <Button
              variant="contained"
              startIcon={<Add />}
              onClick={() => setPkg({ item: null })}
              data-testid="package-add"
            >
              {t('actions.add')}
            </Button>
          )
        }
      />
      <PackageTable canEdit={canEdit} onEdit={(item) => setPkg({ item })} />
      <Box
        component="section"
        sx={{
          mt: 4,
          display: 'flex',
          alignItems: 'center',
          justifyContent: 'space-between',
          gap: 1,
          mb: 1.5,
          flexWrap: 'wrap',
        }}
      >
        <Box sx={{ minWidth: 0 }}>
          <Typography variant="h6" component="h2" sx={{ fontWeight: 600 }}>
            {t('fees.title')}
          </Typography>
          <Typography variant="body2" color="text.secondary">
            {t('fees.subtitle')}
          </Typography>
        </Box>
        {canEdit && (
          <Button
            variant="outlined"
            startIcon={<Add />}
            onClick={() => setFee({ item: null })}
            data-testid="fee-add"
          >
            {t('fees.add')}
          </Button>
        )}
      </Box>
      <FeeTable canEdit={canEdit} onEdit={(item) => setFee({ item })} />
      {pkg && <PackageFormDialog pkg={pkg.item} onClose={() => setPkg(null)} />}
      {fee && <FeeFormDialog fee={fee.item} onClose={() => setFee(null)} />}
    </>
  );
}
