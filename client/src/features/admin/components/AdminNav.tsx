// The panel's sections as a navigation landmark; the open one is marked aria-current="page" (a
// concert's page keeps 'Conciertos' marked). It wraps onto more lines on a phone. Plain links:
// NavLink would add its code to the router's chunk every page loads.
import { Link, useLocation } from 'react-router';
import { ADMIN_PATHS, ADMIN_SECTIONS } from '../shared/paths';
import { useAdminText } from '../shared/texts';

const isOpen = (pathname: string, to: string) =>
  pathname === to || (to !== ADMIN_PATHS.overview && pathname.startsWith(`${to}/`));

export function AdminNav() {
  const t = useAdminText();
  const pathname = useLocation()
    .pathname.toLowerCase()
    .replace(/(?<=.)\/+$/, '');
  return (
    <nav className="admin-nav" aria-label={t('admin.nav.label')}>
      <ul>
        {ADMIN_SECTIONS.map((section) => (
          <li key={section.to}>
            <Link to={section.to} aria-current={isOpen(pathname, section.to) ? 'page' : undefined}>
              {t(section.label)}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
