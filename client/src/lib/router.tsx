// The app's routing, on wouter (a hooks router of about 2 KB gzip) instead of React Router (about
// 12 KB gzip, in every page's first script). On a phone, React Router's first render was one of
// the app's longest tasks: creating its history rewrote the history entry (`replaceState`, 10-65
// ms of a 4x slower CPU) and matching a path flattened and ranked every route again (44-57 ms).
// ARCHITECTURE.md has the measurements. Paths match as before: any case, trailing slash or not.
import { Redirect, useLocation } from 'wouter';

export { Link, Route, Switch, useParams, useSearchParams } from 'wouter';

/** navigate('/path') or navigate('/path', { replace: true }), as React Router's was used. */
export const useNavigate = () => useLocation()[1];

/** The current path, decoded as the address bar shows it (no query). */
export const usePathname = () => useLocation()[0];

/** Renders nothing and goes to `to` (replacing the history entry with `replace`). */
export function Navigate({ to, replace = false }: { to: string; replace?: boolean }) {
  return <Redirect to={to} replace={replace} />;
}
