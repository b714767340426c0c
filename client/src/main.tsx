import { QueryClientProvider } from '@tanstack/react-query';
import { createRoot } from 'react-dom/client';
import { AppRoutes, preloadPage } from './routes';
import { createQueryClient } from './lib/queryClient';
import { setSessionUser } from './lib/session';
import { sessionHint } from './lib/sessionHint';
import './styles.css';

const container = document.getElementById('root');
if (!container) throw new Error('Falta el elemento #root en index.html');

const queryClient = createQueryClient();
// No session cookie came with the page: nobody is signed in, no need to ask before the landing.
if (sessionHint === 'none') setSessionUser(queryClient, null);
const pageReady = preloadPage(window.location.pathname, queryClient);

const root = createRoot(container);
// An agenda opened straight waits for its page's code (preloaded with the app's), so its first
// screen is the page, not a loading state. Preact renders at once (it has no transitions): the
// agenda keeps its own work short by rendering its cards in slices (AgendaList).
void pageReady.then(() => {
  // The router (lib/router.ts) needs no provider: it reads the address bar itself.
  root.render(
    <QueryClientProvider client={queryClient}>
      <AppRoutes />
    </QueryClientProvider>,
  );
});
