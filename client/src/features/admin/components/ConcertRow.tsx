// One concert of the admin list: its line links to the concert's own page, where it is edited.
import { Link } from 'react-router';
import type { AdminConcertDto } from '@common/admin-rules';
import { concertAdminPath } from '../paths';
import { ConcertActions } from './ConcertActions';

export const concertLabel = (concert: AdminConcertDto) => {
  const who =
    concert.bands.length > 0
      ? concert.bands.map((band) => band.name).join(' + ')
      : (concert.name ?? 'Sin nombre');
  return `${concert.day} ${concert.hour} · ${who} · ${concert.venue}`;
};

export function ConcertRow({ concert }: { concert: AdminConcertDto }) {
  const label = concertLabel(concert);
  return (
    <li className="admin-row" aria-label={label}>
      <p className="admin-row__title">
        <Link to={concertAdminPath(concert.id)}>{label}</Link>
        {concert.cancelledAt && <span className="admin-badge"> Cancelado</span>}
        <span className="admin-hint"> · {concert.likeCount} likes</span>
      </p>
      <ConcertActions concert={concert} />
    </li>
  );
}
