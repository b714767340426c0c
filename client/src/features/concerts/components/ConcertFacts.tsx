// What the agenda's card and the concert's page both show of a concert: its facts, its ticket and
// source links, its bands' Spotify players or links and the props of its 'Añadir al calendario'.
import type { ReactNode } from 'react';
import type { AgendaConcertDto } from '@common/concerts/types';
import { spotifyArtistId } from '@common/concerts/spotify';
import type { AddToCalendarProps } from './AddToCalendar';
import { useText } from '@/i18n/IntlContext';
import { formatHour } from './shareText';
import { SpotifyListen } from './SpotifyListen';

/** The facts of a <dl>, a term and its value each; a null one (an unknown address) is left out. */
export function ConcertFacts({
  className,
  facts,
}: {
  className: string;
  facts: ([term: string, value: ReactNode] | null)[];
}) {
  return (
    <dl className={className}>
      {facts.map(
        (fact) =>
          fact && (
            <div key={fact[0]}>
              <dt>{fact[0]}</dt>
              <dd>{fact[1]}</dd>
            </div>
          ),
      )}
    </dl>
  );
}

const isWebAddress = (url: string | null): url is string =>
  url !== null && /^https?:\/\//i.test(url);

/** Whether a concert has a ticket link or a source page to show. */
export const hasConcertLinks = (concert: Pick<AgendaConcertDto, 'ticketUrl' | 'sourceUrl'>) =>
  isWebAddress(concert.ticketUrl) || isWebAddress(concert.sourceUrl);

/** Items of a list: 'Entradas' (where tickets are sold) and 'Fuente' (the page that announced it). */
export function ConcertLinks({
  concert,
}: {
  concert: Pick<AgendaConcertDto, 'ticketUrl' | 'sourceUrl'>;
}) {
  const t = useText();
  return (
    <>
      {isWebAddress(concert.ticketUrl) && (
        <li>
          <a href={concert.ticketUrl} target="_blank" rel="noopener noreferrer">
            {t('concert.tickets')}
          </a>
        </li>
      )}
      {isWebAddress(concert.sourceUrl) && (
        <li>
          <a href={concert.sourceUrl} target="_blank" rel="noopener noreferrer">
            {t('concert.source')}
          </a>
        </li>
      )}
    </>
  );
}

/**
 * An item of a list for each band with a Spotify page: a player to open when its address names an
 * artist, else the plain link.
 */
export function SpotifyLinks({ bands }: { bands: AgendaConcertDto['bands'] }) {
  const t = useText();
  return bands.map((band) => {
    const url = band.spotifyUrl;
    const artistId = spotifyArtistId(url);
    return (
      <li key={band.id}>
        {url && artistId ? (
          <SpotifyListen name={band.name} url={url} artistId={artistId} />
        ) : (
          <a href={url ?? undefined} target="_blank" rel="noopener noreferrer">
            {t('concert.spotifyLink', { name: band.name })}
          </a>
        )}
      </li>
    );
  });
}

export const calendarProps = (concert: AgendaConcertDto, title: string): AddToCalendarProps => ({
  concertId: concert.id,
  title,
  day: concert.day,
  hour: formatHour(concert.hour),
  location: concert.venue,
  description: concert.descriptionShort ?? concert.description,
});
