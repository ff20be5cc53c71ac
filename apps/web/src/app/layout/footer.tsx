import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { PROVIDER_NAME, PROVIDER_URL } from '../../lib/config';
import { formatPhone, usePublicCompany, whatsappLink } from '../../lib/public-company';

/**
 * Spec §2: the public pages' footer: year-stamped copyright (the company's name once it is set,
 * else the provider's), the provider's site, /privacy; under it the company's phone, WhatsApp and
 * e-mail. Plain markup, no icons: it is part of the login route (decision 005).
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
    <footer className="ph-footer" data-testid="footer">
      <p>
        © {new Date().getFullYear()}{' '}
        <a
          href={PROVIDER_URL}
          target="_blank"
          rel="noopener noreferrer"
          className="ph-link ph-link--inherit"
          data-testid="footer-company"
        >
          {company?.companyName || PROVIDER_NAME}
        </a>
        {' · '}
        <RouterLink to="/privacy" className="ph-link ph-link--inherit">
          {t('footer.privacy')}
        </RouterLink>
      </p>
      {contacts.length > 0 && (
        <p data-testid="footer-contacts">
          {contacts.map(([key, href, text], i) => (
            <span key={key}>
              {i > 0 && ' · '}
              {/* A number breaks only between contacts; an address too long for a phone breaks anywhere. */}
              <a
                href={href}
                className="ph-link ph-link--inherit"
                style={key === 'email' ? { overflowWrap: 'anywhere' } : { whiteSpace: 'nowrap' }}
                data-testid={`footer-${key}`}
              >
                {text}
              </a>
            </span>
          ))}
        </p>
      )}
    </footer>
  );
}
