import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import type { PublicConfigDto } from '@common/dto';
import { AppConfigProvider } from '@/lib/config';
import { AppRoutes } from './routes';

/** The whole app inside a router: the browser's (entry-client.tsx) or the server's (entry-server.tsx). */
export function App({
  queryClient,
  config,
}: {
  queryClient: QueryClient;
  config: PublicConfigDto;
}) {
  return (
    <QueryClientProvider client={queryClient}>
      <AppConfigProvider value={config}>
        <AppRoutes />
      </AppConfigProvider>
    </QueryClientProvider>
  );
}
