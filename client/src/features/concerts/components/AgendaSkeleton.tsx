import { Loading } from '@/components/Loading';
import { useText } from '@/i18n/IntlContext';

const PLACES = Array.from({ length: 6 }, (_, index) => index);

/**
 * Grey cards of a real card's size while the agenda loads: the real ones take their place without
 * pushing anything, and the footer stays below the screen. Screen readers hear only the status.
 */
export function AgendaSkeleton() {
  const t = useText();
  return (
    <>
      <Loading className="visually-hidden">{t('agenda.loading')}</Loading>
      <ul className="agenda-list" aria-hidden="true">
        {PLACES.map((place) => (
          <li key={place}>
            <div className="concert-card concert-card--skeleton">
              <div className="concert-card__image" />
              <div className="concert-card__body">
                <span className="skeleton-line skeleton-line--short" />
                <span className="skeleton-line skeleton-line--title" />
                <span className="skeleton-block" />
                <span className="skeleton-line" />
                <span className="skeleton-line" />
              </div>
            </div>
          </li>
        ))}
      </ul>
    </>
  );
}
