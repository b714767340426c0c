import { startTransition, StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { App } from '@/app/App';
import { translator } from '@/i18n/IntlContext';
import { loadAllTexts, loadIntl, onAllTexts, pageLocale } from '@/i18n/load';
import { loadConfig } from '@/lib/config';
import { startHydrating } from '@/lib/hydration';
import { readPageData } from '@/lib/pageData';
import { seedQueries } from '@/app/seedQueries';
import { createQueryClient } from '@/lib/queryClient';
import { agendaQuery } from '@/features/concerts/shared/agendaQuery';
import { preloadPageAt } from '@/app/routes';
import { stopKeepingEarlyTaps } from '@/app/EarlyTaps';
import './styles.css';

/** A first visit's worker waits past the seconds a phone's slow CPU spends starting the page. */
const FIRST_INSTALL_DELAY_MS = 5_000;

async function start(container: HTMLElement) {
  const queryClient = createQueryClient();
  const data = readPageData();
  if (data) seedQueries(queryClient, data);
  const intlLoaded = loadIntl(data?.locale ?? pageLocale());
  // The service worker in a chunk of its own, once the page has loaded: at once when a worker
  // already serves this page (it must hear who is signed in before it answers the agenda), a few
  // seconds later on a first visit, whose install fetches and compiles the whole shell. Never under
  // vite's dev server, where a worker would keep its files from one edit to the next.
  if (import.meta.env.PROD) {
    const startWorker = () =>
      void Promise.all([
        import('@/app/serviceWorker'),
        // Its offer of a new version words texts the landing does not carry.
        intlLoaded.then(async (first) => (await loadAllTexts()) ?? first),
      ]).then(([worker, { intl }]) => worker.startServiceWorker(queryClient, translator(intl)));
    const delay = navigator.serviceWorker?.controller ? 0 : FIRST_INSTALL_DELAY_MS;
    window.addEventListener('load', () => setTimeout(startWorker, delay));
  }
  // The page's own code first, so hydration renders it at once instead of suspending on it; and
  // the agenda the page left to the API (preloaded by the HTML), which it was drawn from; and the
  // texts of the page's language with their formatter (two small chunks the HTML preloads too).
  const [config, agendaRead, , intl] = await Promise.all([
    loadConfig(),
    data?.agendaFromApi
      ? queryClient.fetchQuery(agendaQuery).then(
          () => true,
          () => false,
        )
      : true,
    preloadPageAt(window.location.pathname).catch(() => undefined), // lazy() retries and reports
    intlLoaded,
  ]);
  const app = (
    <StrictMode>
      <BrowserRouter>
        <App queryClient={queryClient} config={config} intl={intl} onAllTexts={onAllTexts} />
      </BrowserRouter>
    </StrictMode>
  );
  stopKeepingEarlyTaps();
  // The server rendered this page: take it over. Without its HTML (vite's dev server, or a
  // render that failed on the server, or an agenda that could not be read), draw it here.
  if (data && agendaRead && container.hasChildNodes()) {
    // In a transition, as React Router's own framework entry does: React then hydrates in short
    // tasks, yielding to the browser, instead of one long task for the whole page.
    startHydrating();
    startTransition(() => {
      hydrateRoot(container, app);
    });
  } else {
    createRoot(container).render(app);
  }
}

const container = document.getElementById('root');
if (!container) throw new Error('Falta el elemento #root en index.html');
void start(container);
