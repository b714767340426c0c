// One concert of the admin list: its line links to the concert's own page, where it is edited.
import { Link } from 'react-router';
import type { AdminConcertDto } from '@common/admin/types';
import { concertTitle, type NamedConcert } from '@common/concerts/display';
import { concertAdminPath } from '../shared/paths';
import { useAdminText, type AdminTranslate } from '../shared/texts';
import { ConcertActions } from './ConcertActions';

/** A concert in one line: '2026-07-05 21:30 · Banda A + Banda B · Es Gremi'. */
export function concertLabel(
  concert: NamedConcert & { day: string; hour: string; venue: string },
  t: AdminTranslate,
): string {
  return t('admin.concert.label', {
    day: concert.day,
    hour: concert.hour,
    who: concertTitle(concert, { unnamed: () => t('admin.concert.noName') }),
    venue: concert.venue,
  });
}

export function ConcertRow({ concert }: { concert: AdminConcertDto }) {
  const t = useAdminText();
  const label = concertLabel(concert, t);
  const likes = t('admin.concert.likes', { count: concert.likeCount });
  return (
    <li className="admin-row" aria-label={label}>
      <p className="admin-row__title">
        <Link to={concertAdminPath(concert.id)}>{label}</Link>
        {concert.cancelledAt && (
          <span className="admin-badge"> {t('admin.concert.cancelled')}</span>
        )}
        <span className="admin-hint"> {likes}</span>
      </p>
      <ConcertActions concert={concert} />
    </li>
  );
}
