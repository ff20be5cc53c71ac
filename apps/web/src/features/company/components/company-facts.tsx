import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import type { Company } from '@parking-hub/contracts/company';
import { useTranslation } from 'react-i18next';
import { Fact, Facts } from '../../../components/facts';
import { formatPhone, whatsappLink } from '../../../lib/public-company';
import { CompanyImage } from './company-image';

const link = (href: string, text: string, external = false) => (
  <Link href={href} {...(external ? { target: '_blank', rel: 'noopener noreferrer' } : {})}>
    {text}
  </Link>
);

/** The profile as those who may not edit it see it (ADMIN): the same facts, read-only. */
export function CompanyFacts({ company }: { company: Company }) {
  const { t } = useTranslation('company');
  const name = company.companyName ?? '';
  return (
    <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }} data-testid="company-facts">
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, mb: 3, minWidth: 0 }}>
        <CompanyImage kind="logo" src={company.logoPath} alt={t('images.logoAlt', { name })} size={72} />
        <Box sx={{ minWidth: 0 }}>
          <Typography
            variant="h6"
            component="h2"
            sx={{ overflowWrap: 'anywhere' }}
            data-testid="company-name"
          >
            {name}
          </Typography>
          {company.branch && (
            <Typography color="text.secondary" sx={{ overflowWrap: 'anywhere' }} data-testid="company-branch">
              {company.branch}
            </Typography>
          )}
        </Box>
      </Box>
      <Facts columns={{ xs: 'minmax(0, 1fr)', sm: 'repeat(2, minmax(0, 1fr))' }}>
        <Fact label={t('fields.telephone')} testId="company-telephone">
          {company.telephone ? link(`tel:${company.telephone}`, formatPhone(company.telephone)) : '—'}
        </Fact>
        <Fact label={t('fields.whatsapp')} testId="company-whatsapp">
          {company.whatsapp ? link(whatsappLink(company.whatsapp), formatPhone(company.whatsapp), true) : '—'}
        </Fact>
        <Fact label={t('fields.email')} testId="company-email">
          {company.email ? link(`mailto:${company.email}`, company.email) : '—'}
        </Fact>
        <Fact label={t('fields.address')} testId="company-address" wide>
          {company.address ?? '—'}
        </Fact>
        <Fact label={t('qrReceiver.title')} testId="company-qr-account" wide>
          {company.qrReceiver
            ? `${company.qrReceiver.merchantName} · ${company.qrReceiver.receiverId} (IIN ${company.qrReceiver.iin})`
            : t('qrReceiver.notSet')}
        </Fact>
        <Fact label={t('fields.qr')} wide>
          {company.qrImagePath ? (
            <CompanyImage kind="qr" src={company.qrImagePath} alt={t('images.qrAlt', { name })} size={160} />
          ) : (
            '—'
          )}
        </Fact>
      </Facts>
    </Paper>
  );
}
