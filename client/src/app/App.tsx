import { useEffect, useState } from 'react';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import type { PublicConfigDto } from '@common/api/types';
import { AppIntlProvider, type AppIntl } from '@/i18n/IntlContext';
import { AppConfigProvider } from '@/lib/config';
import { AppRoutes } from './routes';

/** The whole app inside a router: the browser's (entry-client.tsx) or the server's (entry-server.tsx). */
export function App({
  queryClient,
  config,
  intl,
  onAllTexts,
}: {
  queryClient: QueryClient;
  config: PublicConfigDto;
  /** The page's language and its texts (src/i18n). */
  intl: AppIntl;
  /** The browser's: the whole catalogue, when the page started with only its own texts. */
  onAllTexts?: (listener: (intl: AppIntl) => void) => () => void;
}) {
  const [texts, setTexts] = useState(intl);
  useEffect(() => onAllTexts?.(setTexts), [onAllTexts]);
  return (
    <QueryClientProvider client={queryClient}>
      <AppConfigProvider value={config}>
        <AppIntlProvider value={texts}>
          <AppRoutes />
        </AppIntlProvider>
      </AppConfigProvider>
    </QueryClientProvider>
  );
}
