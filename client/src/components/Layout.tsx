import { Suspense, useEffect, type ReactNode } from 'react';
import { usePathname } from '../lib/router';
import { Loading } from './Loading';
import { SiteFooter } from './SiteFooter';
import { SiteHeader } from './SiteHeader';
import { useUnauthorizedRedirect } from '../lib/session';

/** A new page starts at the top (the router keeps no scroll positions). */
function useScrollToTopOnNavigation(): void {
  const pathname = usePathname();
  useEffect(() => {
    window.scrollTo(0, 0);
  }, [pathname]);
}

/** Every page's frame: header, main and footer around the page the address names. */
export function Layout({ children }: { children: ReactNode }) {
  useScrollToTopOnNavigation();
  useUnauthorizedRedirect();
  return (
    <>
      <a href="#contenido" className="skip-link">
        Saltar al contenido
      </a>
      <SiteHeader />
      <main id="contenido" tabIndex={-1} className="site-main">
        <Suspense fallback={<Loading />}>{children}</Suspense>
      </main>
      <SiteFooter />
    </>
  );
}
