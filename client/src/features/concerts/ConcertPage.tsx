import { useId } from 'react';
import { Link, useLocation, useParams } from 'react-router';
import { parseConcertSegment } from '@common/concert-page';
import type { ConcertPageDto } from '@common/dto';
import { LoadFailure } from '@/components/LoadFailure';
import { Redirect } from '@/components/Redirect';
import { Loading } from '@/components/Loading';
import { usePageTitle } from '@/components/usePageTitle';
import { AddToCalendar } from '@/features/calendar/AddToCalendar';
import { usePublicUrl } from '@/lib/config';
import { formatLongDay } from '@/lib/dates';
import { formatPrice } from '@/lib/money';
import { useSession } from '@/lib/session';
import { calendarProps, ConcertFacts, SpotifyLinks } from './components/ConcertFacts';
import { ConcertImage } from './components/ConcertImage';
import { FeedbackButtons } from './components/FeedbackButtons';
import { GoingButton, GoingCount } from './components/GoingButton';
import { LikeButton } from './components/LikeButton';
import { CANCELLED_REASON, isScorePending, scoreView } from './components/score';
import { concertTitle, formatHour, shareText } from './components/shareText';
import { ShareActions } from './components/ShareActions';
import { useConcert } from './queries';
import { useRecommendationProgress } from './useRecommendationProgress';
import './Concerts.css';
import './ConcertPage.css';

const THINKING = 'Dame un momento, estoy pensando en ello...';

/** /conciertos/<id>-<slug>: one concert for everyone; the fan's score, like and thumbs when signed in. */
export function ConcertPage() {
  const { segment = '' } = useParams();
  const asked = parseConcertSegment(segment);
  if (!asked) return <ConcertNotFound />;
  return <ConcertById id={asked.id} />;
}

function ConcertById({ id }: { id: number }) {
  const concert = useConcert(id);
  const { pathname, search } = useLocation();
  if (concert.isPending) return <Loading>Cargando concierto...</Loading>;
  if (concert.isError) {
    return (
      <LoadFailure className="page" onRetry={() => void concert.refetch()}>
        No se ha podido cargar el concierto.
      </LoadFailure>
    );
  }
  if (!concert.data) return <ConcertNotFound />;
  // The server already answers an old slug with a 301; inside the SPA the address is fixed here.
  // The router's path is already decoded; the query goes along as it is (filters, campaign tags).
  if (pathname !== concert.data.path) {
    return <Redirect to={`${concert.data.path}${search}`} />;
  }
  return <ConcertDetails concert={concert.data} />;
}

function ConcertDetails({ concert }: { concert: ConcertPageDto }) {
  const titleId = useId();
  const { data: session } = useSession();
  const signedIn = Boolean(session?.user);
  const publicUrl = usePublicUrl();
  const title = concertTitle(concert);
  usePageTitle(`${title} en ${concert.venue}`);
  const image = concert.bands.find((band) => band.imageUrl)?.imageUrl ?? concert.imageUrl;
  const spotifyBands = concert.bands.filter((band) => band.spotifyUrl);
  const description = concert.descriptionLong ?? concert.description ?? concert.descriptionShort;
  const { place } = concert;
  const placeName =
    place.town && place.town !== place.name ? `${place.name} (${place.town})` : place.name;
  const pageUrl = `${publicUrl}${concert.path}`;

  return (
    <article className="page page--wide concert-page" aria-labelledby={titleId}>
      <div className="concert-page__media">
        <ConcertImage src={image} alt={`Imagen de ${title}`} />
      </div>
      <div className="concert-page__main">
        <p className="concert-page__when">
          {formatLongDay(concert.day)} a las {formatHour(concert.hour)}
        </p>
        <h1 id={titleId}>{title}</h1>
        {concert.cancelled && <p className="concert-card__cancelled">Cancelado</p>}
        {!concert.upcoming && <p className="concert-page__past">Este concierto ya ha pasado.</p>}
        <ConcertFacts
          className="concert-card__facts concert-page__facts"
          facts={[
            ['Lugar', placeName],
            place.address ? ['Dirección', place.address] : null,
            ['Precio', formatPrice(concert.price)],
            ['Género', concert.genre],
          ]}
        />
        <ul className="concert-card__links">
          <li>
            <a href={place.mapUrl} target="_blank" rel="noopener noreferrer">
              Ver {place.name} en OpenStreetMap
            </a>
          </li>
          {place.website && (
            <li>
              <a href={place.website} target="_blank" rel="noopener noreferrer">
                Web de {place.name}
              </a>
            </li>
          )}
          <SpotifyLinks bands={spotifyBands} />
        </ul>
        {description && <p className="concert-page__description">{description}</p>}
        {signedIn ? (
          <FanPart concert={concert} />
        ) : (
          <SignUpCall likeCount={concert.likeCount} goingCount={concert.goingCount} />
        )}
        {concert.upcoming && !concert.cancelled && (
          <AddToCalendar {...calendarProps(concert, title)} />
        )}
        <ShareActions url={pageUrl} title={title} text={shareText(concert, publicUrl)} />
        <p>
          <Link to="/conciertos">Ver todos los próximos conciertos</Link>
        </p>
      </div>
    </article>
  );
}

/** The signed-in fan's part, as on the agenda's cards: score, reason, like, "Voy" and thumbs. */
function FanPart({ concert }: { concert: ConcertPageDto }) {
  const recommendation = concert.recommendation;
  const pending = isScorePending(recommendation, concert.cancelled);
  const score = scoreView(recommendation, concert.cancelled);
  return (
    <section className="concert-page__fan" aria-label="Tu recomendación">
      <p className="concert-page__score">
        <span role="img" aria-label={`Encaje: ${score.label}`}>
          {score.emoji}
        </span>{' '}
        Encaje {score.label}
      </p>
      {pending && <ScoreFollower />}
      <p className={`concert-card__reason${pending ? ' concert-card__reason--pending' : ''}`}>
        {pending
          ? THINKING
          : concert.cancelled
            ? CANCELLED_REASON
            : (recommendation?.reason ?? THINKING)}
      </p>
      <div className="concert-card__actions">
        <LikeButton
          concertId={concert.id}
          liked={recommendation?.liked ?? false}
          likeCount={concert.likeCount}
          signedIn
        />
        <GoingButton
          concertId={concert.id}
          going={recommendation?.going ?? false}
          goingCount={concert.goingCount}
          signedIn
          closed={concert.cancelled || !concert.upcoming}
        />
      </div>
      <FeedbackButtons concertId={concert.id} feedback={recommendation?.feedback ?? 0} signedIn />
    </section>
  );
}

/**
 * While this concert has no score yet: asks for the fan's scoring as the agenda does and follows
 * it; new scores refresh this page (useRecommendationProgress invalidates every concert query).
 */
function ScoreFollower() {
  useRecommendationProgress();
  return null;
}

/** A visitor: what the score would tell them, and the way to get it. */
function SignUpCall({ likeCount, goingCount }: { likeCount: number; goingCount: number }) {
  return (
    <section className="concert-page__signup" aria-label="Tu recomendación">
      <p className="concert-page__likes">
        <span aria-hidden="true">❤️</span> {likeCount} me gusta · <GoingCount count={goingCount} />
      </p>
      <p>
        ¿Irías? Crea tu cuenta gratis y te diremos cuánto encaja este concierto con tu música, de
        🔥🔥🔥 a 😴, y por qué.
      </p>
      <Link className="button button--primary" to="/">
        Crear mi cuenta gratis
      </Link>
    </section>
  );
}

export function ConcertNotFound() {
  usePageTitle('Concierto no encontrado');
  return (
    <div className="page">
      <h1>Concierto no encontrado</h1>
      <p>Este concierto no existe o se ha retirado de la agenda.</p>
      <p>
        <Link to="/conciertos">Ver todos los próximos conciertos</Link>
      </p>
    </div>
  );
}
