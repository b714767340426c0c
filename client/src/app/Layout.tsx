import { Suspense, useEffect, useRef, type ReactNode } from 'react';
import { useLocation } from 'react-router';
import { Loading } from '@/components/Loading';
import { SiteFooter } from './SiteFooter';
import { SiteHeader } from './SiteHeader';
import { EarlyTapsReplay } from './EarlyTaps';
import { useText } from '@/i18n/IntlContext';
import { useUnauthorizedRedirect } from '@/lib/session';
import { profileKeys } from '@/features/profile/shared/keys';

/**
 * A new page starts at the top (declarative routes keep no scroll positions). Not the first page:
 * someone may have scrolled the server's HTML before the app took over.
 */
function useScrollToTopOnNavigation(): void {
  const { pathname } = useLocation();
  const first = useRef(pathname);
  useEffect(() => {
    if (pathname === first.current) return;
    first.current = '';
    window.scrollTo(0, 0);
  }, [pathname]);
}

/** Every page's frame: header, main and footer around the page the address names. */
export function Layout({ children }: { children: ReactNode }) {
  useScrollToTopOnNavigation();
  useUnauthorizedRedirect(profileKeys.all);
  const t = useText();
  return (
    <>
      <a href="#contenido" className="skip-link">
        {t('layout.skipToContent')}
      </a>
      <SiteHeader />
      <main id="contenido" tabIndex={-1} className="site-main">
        <Suspense fallback={<Loading />}>
          {children}
          <EarlyTapsReplay />
        </Suspense>
      </main>
      <SiteFooter />
    </>
  );
}
