// The app rendered on the server (built by `vite build --ssr` into dist/ssr): the same components
// as in the browser, from the data the server read for this person (server/ssr/page-renderer.ts).
import { renderToString } from 'react-dom/server';
import { StaticRouter } from 'react-router';
import es from 'virtual:catalogue/es';
import ca from 'virtual:catalogue/ca';
import adminEs from 'virtual:catalogue/admin/es';
import adminCa from 'virtual:catalogue/admin/ca';
import type { Locale } from '@common/i18n/locales';
import type { RenderPage } from '@common/pages/render';
import type { AppIntl } from '@/i18n/IntlContext';
import { createAppIntl } from '@/i18n/runtime';
import { App } from '@/app/App';
import { ServerRedirect, type RedirectCollector } from '@/components/Redirect';
import { seedQueries } from '@/app/seedQueries';
import { createQueryClient } from '@/lib/queryClient';
import { preloadAllPages } from '@/app/routes';

/** Loads every page's code, so that a render never waits for one (call once, before rendering). */
export const prepare = preloadAllPages;

/**
 * One formatter per language, shared by every render (it holds no one's data), with the admin's
 * texts too: the browser loads those only on the admin's pages, where it hydrates with them.
 */
const intls: Record<Locale, AppIntl> = {
  es: { locale: 'es', intl: createAppIntl('es', { ...es, ...adminEs }) },
  ca: { locale: 'ca', intl: createAppIntl('ca', { ...ca, ...adminCa }) },
};

export const renderPage: RenderPage = ({ url, config, data }) => {
  const queryClient = createQueryClient();
  seedQueries(queryClient, data);
  const redirect: RedirectCollector = {};
  const html = renderToString(
    <ServerRedirect.Provider value={redirect}>
      <StaticRouter location={url}>
        <App queryClient={queryClient} config={config} intl={intls[data.locale]} />
      </StaticRouter>
    </ServerRedirect.Provider>,
  );
  queryClient.clear();
  return redirect.to ? { html: '', redirect: redirect.to } : { html };
};
