import { useId } from 'react';
import { Link, useLocation, useParams } from 'react-router';
import { parseConcertSegment } from '@common/concerts/page-address';
import type { ConcertPageDto } from '@common/concerts/types';
import { LoadFailure } from '@/components/LoadFailure';
import { Redirect } from '@/components/Redirect';
import { Loading } from '@/components/Loading';
import { usePageTitle } from '@/components/usePageTitle';
import { AddToCalendar } from './components/AddToCalendar';
import { useText } from '@/i18n/IntlContext';
import { useFormats } from '@/i18n/useFormats';
import { genreName } from '@/i18n/genreName';
import { usePublicUrl } from '@/lib/config';
import { useSession } from '@/lib/session';
import { calendarProps, ConcertFacts, ConcertLinks, SpotifyLinks } from './components/ConcertFacts';
import { ConcertImage } from './components/ConcertImage';
import { FeedbackButtons } from './components/FeedbackButtons';
import { GoingButton, GoingCount } from './components/GoingButton';
import { LikeButton } from './components/LikeButton';
import { isScorePending, scoreView } from './components/score';
import { formatHour, shareText, titleOf } from './components/shareText';
import { ShareActions } from './components/ShareActions';
import { useConcert } from './shared/queries';
import { useRecommendationProgress } from './shared/useRecommendationProgress';
import './Concerts.css';
import './ConcertPage.css';

const HEART = '❤️';
const SEPARATOR = ' · ';

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
  const t = useText();
  if (concert.isPending) return <Loading>{t('concert.loading')}</Loading>;
  if (concert.isError) {
    return (
      <LoadFailure className="page" onRetry={() => void concert.refetch()}>
        {t('concert.loadFailed')}
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
  const t = useText();
  const formats = useFormats();
  const title = titleOf(concert, t);
  usePageTitle(t('concert.pageTitle', { title, venue: concert.venue }));
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
        <ConcertImage src={image} alt={t('concert.imageAlt', { title })} priority />
      </div>
      <div className="concert-page__main">
        <p className="concert-page__when">
          {t('concert.when', {
            day: formats.longDay(concert.day),
            hour: formatHour(concert.hour),
          })}
        </p>
        <h1 id={titleId}>{title}</h1>
        {concert.cancelled && <p className="concert-card__cancelled">{t('concert.cancelled')}</p>}
        {!concert.upcoming && <p className="concert-page__past">{t('concert.past')}</p>}
        <ConcertFacts
          className="concert-card__facts concert-page__facts"
          facts={[
            [t('concert.fact.place'), placeName],
            place.address ? [t('concert.fact.address'), place.address] : null,
            [t('concert.fact.price'), formats.price(concert.price)],
            [t('concert.fact.genre'), genreName(t, concert.genre)],
          ]}
        />
        <ul className="concert-card__links">
          <li>
            <a href={place.mapUrl} target="_blank" rel="noopener noreferrer">
              {t('concert.map', { name: place.name })}
            </a>
          </li>
          {place.website && (
            <li>
              <a href={place.website} target="_blank" rel="noopener noreferrer">
                {t('concert.website', { name: place.name })}
              </a>
            </li>
          )}
          <ConcertLinks concert={concert} />
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
        <ShareActions
          url={pageUrl}
          title={title}
          text={shareText(concert, publicUrl, t, formats)}
        />
        <p>
          <Link to="/conciertos">{t('concert.allConcerts')}</Link>
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
  const t = useText();
  const label = t(score.label);
  return (
    <section className="concert-page__fan" aria-label={t('concert.yourRecommendation')}>
      <p className="concert-page__score">
        <span role="img" aria-label={t('concert.scoreLabel', { label })}>
          {score.emoji}
        </span>
        {t('concert.scoreText', { label })}
      </p>
      {pending && <ScoreFollower />}
      <p className={`concert-card__reason${pending ? ' concert-card__reason--pending' : ''}`}>
        {pending
          ? t('concert.thinking')
          : concert.cancelled
            ? t('concert.cancelledReason')
            : (recommendation?.reason ?? t('concert.thinking'))}
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
  useRecommendationProgress(true);
  return null;
}

/** A visitor: what the score would tell them, and the way to get it. */
function SignUpCall({ likeCount, goingCount }: { likeCount: number; goingCount: number }) {
  const t = useText();
  return (
    <section className="concert-page__signup" aria-label={t('concert.yourRecommendation')}>
      <p className="concert-page__likes">
        <span aria-hidden="true">{HEART}</span> {t('concert.likeCount', { count: likeCount })}
        {SEPARATOR}
        <GoingCount count={goingCount} />
      </p>
      <p>{t('concert.signUpCall')}</p>
      <Link className="button button--primary" to="/">
        {t('concert.signUp')}
      </Link>
    </section>
  );
}

export function ConcertNotFound() {
  const t = useText();
  usePageTitle(t('concert.notFound'));
  return (
    <div className="page">
      <h1>{t('concert.notFound')}</h1>
      <p>{t('concert.notFoundText')}</p>
      <p>
        <Link to="/conciertos">{t('concert.allConcerts')}</Link>
      </p>
    </div>
  );
}
