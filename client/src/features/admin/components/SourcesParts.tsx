// The three pages of 'Fuentes': the sources, their events waiting for review, and the concerts
// they no longer list; the open one marked aria-current="page".
import { Link, useLocation } from 'react-router';
import { ADMIN_PATHS } from '../shared/paths';
import { useAdminText } from '../shared/texts';

const PARTS = [
  { to: ADMIN_PATHS.sources, label: 'admin.sources.list' },
  { to: ADMIN_PATHS.waiting, label: 'admin.sources.waiting' },
  { to: ADMIN_PATHS.missing, label: 'admin.sources.missing' },
] as const;

export function SourcesParts() {
  const t = useAdminText();
  const pathname = useLocation()
    .pathname.toLowerCase()
    .replace(/(?<=.)\/+$/, '');
  return (
    <nav className="admin-nav admin-nav--parts" aria-label={t('admin.sources.parts')}>
      <ul>
        {PARTS.map((part) => (
          <li key={part.to}>
            <Link to={part.to} aria-current={pathname === part.to ? 'page' : undefined}>
              {t(part.label)}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
