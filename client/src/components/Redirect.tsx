import { createContext, useContext } from 'react';
import { Navigate } from 'react-router';

/** Filled while the server renders a page: where that page sends the person instead. */
export interface RedirectCollector {
  to?: string;
}

export const ServerRedirect = createContext<RedirectCollector | null>(null);

/**
 * Goes to `to`, replacing the history entry. In the browser this is React Router's <Navigate>;
 * rendered on the server, where navigation cannot happen, it tells the server, which answers the
 * request with a redirect instead of the page (server/ssr/page-renderer.ts).
 */
export function Redirect({ to }: { to: string }) {
  const server = useContext(ServerRedirect);
  if (server) {
    server.to ??= to;
    return null;
  }
  return <Navigate to={to} replace />;
}
