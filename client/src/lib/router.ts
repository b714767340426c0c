// The app's routing, on wouter (a hooks router of about 2 KB gzip) instead of React Router (about
// 12 KB gzip, in every page's first script). On a phone, React Router's first render was one of
// the app's longest tasks: creating its history rewrote the history entry (`replaceState`, 10-65
// ms of a 4x slower CPU) and matching a path flattened and ranked every route again (44-57 ms).
// ARCHITECTURE.md has the measurements. Paths match as before: any case, trailing slash or not.
import { useLocation } from 'wouter';

export { Link, Route, Switch, useParams, useSearchParams } from 'wouter';
/** <Navigate to="/" replace />: renders nothing and goes there (replacing the history entry). */
export { Redirect as Navigate } from 'wouter';

/** navigate('/path') or navigate('/path', { replace: true }), as React Router's was used. */
export const useNavigate = () => useLocation()[1];

/** The current path, decoded as the address bar shows it (no query). */
export const usePathname = () => useLocation()[0];
