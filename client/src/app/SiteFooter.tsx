import { Link } from 'react-router';
import { useText } from '@/i18n/IntlContext';
import { useAppConfig } from '@/lib/config';
import { BandsFormLink } from '@/components/BandsFormLink';
import { ExternalLink } from '@/components/ExternalLink';
import { LanguageSwitch } from './LanguageSwitch';

export function SiteFooter() {
  const { publicSiteUrl } = useAppConfig();
  const t = useText();
  return (
    <footer className="site-footer">
      <nav aria-label={t('footer.nav')} className="site-footer__nav">
        <ul>
          <li>
            <Link to="/conciertos">{t('footer.agenda')}</Link>
          </li>
          <li>
            <Link to="/about">{t('footer.about')}</Link>
          </li>
          <li>
            <Link to="/privacy">{t('footer.privacy')}</Link>
          </li>
          <li>
            <Link to="/terms">{t('footer.terms')}</Link>
          </li>
          <li>
            <Link to="/contact">{t('footer.contact')}</Link>
          </li>
          <li>
            <BandsFormLink />
          </li>
          {publicSiteUrl && (
            <li>
              <ExternalLink href={publicSiteUrl}>{t('footer.publicSite')}</ExternalLink>
            </li>
          )}
        </ul>
      </nav>
      <LanguageSwitch className="language-switch site-footer__language" />
      <p className="site-footer__note">{t('footer.note')}</p>
    </footer>
  );
}
