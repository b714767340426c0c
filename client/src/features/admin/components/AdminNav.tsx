// The panel's sections as a navigation landmark; the open one is marked aria-current="page" by
// NavLink (a concert's page keeps 'Conciertos' marked). It wraps onto more lines on a phone.
import { NavLink } from 'react-router';
import { ADMIN_PATHS, ADMIN_SECTIONS } from '../paths';

export function AdminNav() {
  return (
    <nav className="admin-nav" aria-label="Secciones del panel">
      <ul>
        {ADMIN_SECTIONS.map((section) => (
          <li key={section.to}>
            <NavLink to={section.to} end={section.to === ADMIN_PATHS.overview}>
              {section.label}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}
