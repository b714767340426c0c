import { Link } from 'react-router';
import { useText } from '@/i18n/IntlContext';
import { useSession } from '@/lib/session';
import { LanguageSwitch } from './LanguageSwitch';
import { SignOutButton } from '@/components/SignOutButton';

function AccountActions() {
  const t = useText();
  return (
    <nav aria-label={t('header.accountNav')} className="site-header__actions">
      <Link to="/profile" className="header-button">
        {t('header.profile')}
      </Link>
      <SignOutButton className="header-button header-button--ghost" />
    </nav>
  );
}

export function SiteHeader() {
  // The server renders every page knowing the session, so the header comes right in the HTML.
  const { data } = useSession();
  const t = useText();
  const signedIn = Boolean(data?.user);
  return (
    <header className="site-header">
      <div className="site-header__inner">
        <Link to="/" className="site-logo">
          <img src="/logo.webp" alt="" width="40" height="40" className="site-logo__image" />
          <span className="site-logo__text">{t('site.name')}</span>
        </Link>
        {/* A wide screen shows the language and the account in the row; a phone keeps its one
            row and puts them in a menu, a <details> that opens before the app has loaded. CSS
            shows one of the two (display: none hides the other from screen readers too). */}
        <div className="site-header__wide">
          <LanguageSwitch className="language-switch site-header__language" />
          {signedIn && <AccountActions />}
        </div>
        <details className="site-menu">
          <summary className="site-menu__toggle">{t('header.menu')}</summary>
          <div className="site-menu__panel">
            <LanguageSwitch className="language-switch" />
            {signedIn && <AccountActions />}
          </div>
        </details>
      </div>
    </header>
  );
}
