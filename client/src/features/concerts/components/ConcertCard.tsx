import { memo, useId } from 'react';
import { Link } from 'react-router';
import type { AgendaConcertDto } from '@common/dto';
import { formatLongDay } from '@/lib/dates';
import { formatPrice } from '@/lib/money';
import { AddToCalendar } from '@/features/calendar/AddToCalendar';
import { useGoingCount, useLikeCount } from '../queries';
import { calendarProps, ConcertFacts, SpotifyLinks } from './ConcertFacts';
import { ConcertImage } from './ConcertImage';
import { FeedbackButtons } from './FeedbackButtons';
import { GoingButton } from './GoingButton';
import { LikeButton } from './LikeButton';
import { CANCELLED_REASON, isScorePending, scoreView } from './score';
import { concertPagePath, concertTitle, formatHour, whatsappUrl } from './shareText';

const THINKING = 'Dame un momento, estoy pensando en ello...';

interface ConcertCardProps {
  concert: AgendaConcertDto;
  /** Without a session the like and feedback controls are shown disabled. */
  signedIn: boolean;
  /** PUBLIC_URL: the shared message links to the concert's page there. */
  siteUrl: string;
  /** The list's first card: its picture is the largest paint, so it is fetched first. */
  firstOnScreen?: boolean;
}

/**
 * One concert of the agenda, with its recommendation, like, share and feedback. Memoised: the
 * agenda grows a slice at a time, and the cards already shown must not render again each time.
 */
export const ConcertCard = memo(function ConcertCard({
  concert,
  signedIn,
  siteUrl,
  firstOnScreen = false,
}: ConcertCardProps) {
  const titleId = useId();
  const title = concertTitle(concert);
  const recommendation = concert.recommendation;
  const pending = isScorePending(recommendation, concert.cancelled);
  const score = scoreView(recommendation, concert.cancelled);
  const image = concert.bands.find((band) => band.imageUrl)?.imageUrl ?? concert.imageUrl;
  const spotifyBands = concert.bands.filter((band) => band.spotifyUrl);

  return (
    <article className="concert-card" aria-labelledby={titleId}>
      <ConcertImage src={image} alt={`Imagen de ${title}`} priority={firstOnScreen} />
      <div className="concert-card__body">
        <div className="concert-card__top">
          <p className="concert-card__date">{formatLongDay(concert.day)}</p>
          {/* A visitor has no score: no badge that would wait for one forever. */}
          {signedIn && (
            <span className="concert-card__score" role="img" aria-label={`Encaje: ${score.label}`}>
              {score.emoji}
            </span>
          )}
        </div>
        <h2 id={titleId} className="concert-card__title">
          <Link to={concertPagePath(concert)}>{title}</Link>
        </h2>
        {concert.cancelled && <p className="concert-card__cancelled">Cancelado</p>}
        <ConcertFacts
          className="concert-card__facts"
          facts={[
            ['Género', concert.genre],
            ['Lugar', concert.venue],
            ['Hora', formatHour(concert.hour)],
            ['Precio', formatPrice(concert.price)],
          ]}
        />
        {/* Visitors: the public agenda itself invites them to sign up for their scores. */}
        {signedIn && (
          <p className={`concert-card__reason${pending ? ' concert-card__reason--pending' : ''}`}>
            {pending ? (
              <>
                <span aria-hidden="true">🤔 </span>
                {THINKING}
              </>
            ) : concert.cancelled ? (
              CANCELLED_REASON
            ) : (
              (recommendation?.reason ?? THINKING)
            )}
          </p>
        )}
        {concert.descriptionShort && (
          <p className="concert-card__description">{concert.descriptionShort}</p>
        )}
        {concert.descriptionLong && (
          <details className="concert-card__more">
            <summary>Leer más</summary>
            <p>{concert.descriptionLong}</p>
          </details>
        )}
        {spotifyBands.length > 0 && (
          <ul className="concert-card__links">
            <SpotifyLinks bands={spotifyBands} />
          </ul>
        )}
        <div className="concert-card__actions">
          <CardLikeButton
            concertId={concert.id}
            liked={recommendation?.liked ?? false}
            signedIn={signedIn}
          />
          <CardGoingButton
            concertId={concert.id}
            going={recommendation?.going ?? false}
            signedIn={signedIn}
            closed={concert.cancelled}
          />
          <a
            className="share-link"
            href={whatsappUrl(concert, siteUrl)}
            target="_blank"
            rel="noopener noreferrer"
          >
            Compartir por WhatsApp
          </a>
        </div>
        <AddToCalendar {...calendarProps(concert, title)} />
        <FeedbackButtons
          concertId={concert.id}
          feedback={recommendation?.feedback ?? 0}
          signedIn={signedIn}
        />
      </div>
    </article>
  );
});

/** The card's like, with the concert's count read on its own: a new count renders only this. */
function CardLikeButton(props: { concertId: number; liked: boolean; signedIn: boolean }) {
  return <LikeButton {...props} likeCount={useLikeCount(props.concertId)} />;
}

/** The card's "Voy", its count read on its own as the like's. */
function CardGoingButton(props: {
  concertId: number;
  going: boolean;
  signedIn: boolean;
  closed: boolean;
}) {
  return <GoingButton {...props} goingCount={useGoingCount(props.concertId)} />;
}
