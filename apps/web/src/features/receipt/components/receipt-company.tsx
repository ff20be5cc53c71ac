import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { formatPhone, usePublicCompany } from '../../../lib/public-company';

/** Under the receipt: who runs the service (the company profile), with its phone; nothing until it is set. */
export function ReceiptCompany() {
  const { t } = useTranslation('receipt');
  const company = usePublicCompany();
  if (!company?.companyName) return null;
  return (
    <Typography
      variant="body2"
      color="text.secondary"
      sx={{ textAlign: 'center', px: 2, pt: 1.5, overflowWrap: 'anywhere' }}
      data-testid="receipt-company"
    >
      {t('providedBy', { name: company.companyName })}
      {company.telephone && (
        <>
          {' · '}
          <Link href={`tel:${company.telephone}`} color="inherit" sx={{ whiteSpace: 'nowrap' }}>
            {formatPhone(company.telephone)}
          </Link>
        </>
      )}
    </Typography>
  );
}
