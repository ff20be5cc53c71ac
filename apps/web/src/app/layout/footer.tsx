import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { PROVIDER_NAME, PROVIDER_URL } from '../../lib/config';
import { formatPhone, usePublicCompany, whatsappLink } from '../../lib/public-company';

/**
 * Spec §2: the public pages' footer: year-stamped copyright (the company's name once it is set,
 * else the provider's), the provider's site, /privacy; under it the company's phone, WhatsApp and
 * e-mail. No icons: every byte here counts against the login route's budget (decision 005).
 */
export function Footer() {
  const { t } = useTranslation();
  const company = usePublicCompany();
  const contacts: Array<[key: string, href: string, text: string]> = [];
  if (company?.telephone)
    contacts.push(['phone', `tel:${company.telephone}`, formatPhone(company.telephone)]);
  if (company?.whatsapp)
    contacts.push(['whatsapp', whatsappLink(company.whatsapp), `WhatsApp ${formatPhone(company.whatsapp)}`]);
  if (company?.email) contacts.push(['email', `mailto:${company.email}`, company.email]);
  return (
    <Box
      component="footer"
      sx={{ py: 3, px: 2, textAlign: 'center', overflowWrap: 'anywhere' }}
      data-testid="footer"
    >
      <Typography variant="body2" color="text.secondary">
        © {new Date().getFullYear()}{' '}
        <Link
          href={PROVIDER_URL}
          target="_blank"
          rel="noopener noreferrer"
          color="inherit"
          data-testid="footer-company"
        >
          {company?.companyName || PROVIDER_NAME}
        </Link>
        {' · '}
        <Link component={RouterLink} to="/privacy" color="inherit">
          {t('footer.privacy')}
        </Link>
      </Typography>
      {contacts.length > 0 && (
        <Typography variant="body2" color="text.secondary" data-testid="footer-contacts">
          {contacts.map(([key, href, text], i) => (
            <span key={key}>
              {i > 0 && ' · '}
              {/* A number breaks only between contacts; an address too long for a phone breaks anywhere. */}
              <Link
                href={href}
                color="inherit"
                sx={key === 'email' ? { overflowWrap: 'anywhere' } : { whiteSpace: 'nowrap' }}
                data-testid={`footer-${key}`}
              >
                {text}
              </Link>
            </span>
          ))}
        </Typography>
      )}
    </Box>
  );
}
