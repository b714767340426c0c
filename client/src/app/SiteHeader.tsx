import { Link, useNavigate } from 'react-router';
import { useText } from '@/i18n/IntlContext';
import { useSession } from '@/lib/session';
import { LanguageSwitch } from './LanguageSwitch';
import { SignOutButton } from '@/components/SignOutButton';

function AccountActions() {
  const navigate = useNavigate();
  const t = useText();
  return (
    <nav aria-label={t('header.accountNav')} className="site-header__actions">
      <button type="button" className="header-button" onClick={() => void navigate('/profile')}>
        {t('header.profile')}
      </button>
      <SignOutButton className="header-button header-button--ghost" />
    </nav>
  );
}

export function SiteHeader() {
  // The server renders every page knowing the session, so the header comes right in the HTML.
  const { data } = useSession();
  const t = useText();
  return (
    <header className="site-header">
      <div className="site-header__inner">
        <Link to="/" className="site-logo">
          <img src="/logo.webp" alt="" width="40" height="40" className="site-logo__image" />
          <span className="site-logo__text">{t('site.name')}</span>
        </Link>
        <LanguageSwitch className="language-switch site-header__language" />
        {data?.user && <AccountActions />}
      </div>
    </header>
  );
}
