import { Suspense, useEffect } from 'react';
import { Outlet, useLocation } from 'react-router-dom';
import { Loading } from './Loading';
import { SiteFooter } from './SiteFooter';
import { SiteHeader } from './SiteHeader';
import { useUnauthorizedRedirect } from '../lib/session';

/** A new page starts at the top (the declarative router has no ScrollRestoration). */
function useScrollToTopOnNavigation(): void {
  const { pathname } = useLocation();
  useEffect(() => {
    window.scrollTo(0, 0);
  }, [pathname]);
}

export function Layout() {
  useScrollToTopOnNavigation();
  useUnauthorizedRedirect();
  return (
    <>
      <a href="#contenido" className="skip-link">
        Saltar al contenido
      </a>
      <SiteHeader />
      <main id="contenido" tabIndex={-1} className="site-main">
        <Suspense fallback={<Loading />}>
          <Outlet />
        </Suspense>
      </main>
      <SiteFooter />
    </>
  );
}
