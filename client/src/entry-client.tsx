import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { App } from './App';
import { loadConfig } from './lib/config';
import { readPageData, seedQueries } from './lib/pageData';
import { createQueryClient } from './lib/queryClient';
import { preloadPageAt } from './routes';
import './styles.css';

async function start(container: HTMLElement) {
  const queryClient = createQueryClient();
  const data = readPageData();
  if (data) seedQueries(queryClient, data);
  // The page's own code first, so hydration renders it at once instead of suspending on it.
  const [config] = await Promise.all([
    loadConfig(),
    preloadPageAt(window.location.pathname).catch(() => undefined), // lazy() retries and reports
  ]);
  const app = (
    <StrictMode>
      <BrowserRouter>
        <App queryClient={queryClient} config={config} />
      </BrowserRouter>
    </StrictMode>
  );
  // The server rendered this page: take it over. Without its HTML (vite's dev server, or a
  // render that failed on the server), draw it here.
  if (data && container.hasChildNodes()) {
    hydrateRoot(container, app);
  } else {
    createRoot(container).render(app);
  }
}

const container = document.getElementById('root');
if (!container) throw new Error('Falta el elemento #root en index.html');
void start(container);
