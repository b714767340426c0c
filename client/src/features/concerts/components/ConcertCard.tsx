import { memo, useId } from 'react';
import { Link } from 'react-router';
import { concertPathOf } from '@common/concerts/display';
import type { AgendaConcertDto } from '@common/concerts/types';
import { useText } from '@/i18n/IntlContext';
import { useFormats } from '@/i18n/useFormats';
import { genreName } from '@/i18n/genreName';
import { AddToCalendar } from './AddToCalendar';
import { useGoingCount, useLikeCount } from '../shared/queries';
import {
  calendarProps,
  ConcertFacts,
  ConcertLinks,
  hasConcertLinks,
  SpotifyLinks,
} from './ConcertFacts';
import { ConcertImage } from './ConcertImage';
import { FeedbackButtons } from './FeedbackButtons';
import { GoingButton } from './GoingButton';
import { LikeButton } from './LikeButton';
import { isScorePending, scoreView } from './score';
import { formatHour, titleOf, whatsappUrl } from './shareText';

/** Before the words of a score still being worked out. */
const THINKING_FACE = '🤔 ';

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
  const t = useText();
  const formats = useFormats();
  const title = titleOf(concert, t);
  const recommendation = concert.recommendation;
  const pending = isScorePending(recommendation, concert.cancelled);
  const score = scoreView(recommendation, concert.cancelled);
  const image = concert.bands.find((band) => band.imageUrl)?.imageUrl ?? concert.imageUrl;
  const spotifyBands = concert.bands.filter((band) => band.spotifyUrl);

  return (
    <article className="concert-card" aria-labelledby={titleId}>
      <ConcertImage src={image} alt={t('concert.imageAlt', { title })} priority={firstOnScreen} />
      <div className="concert-card__body">
        <div className="concert-card__top">
          <p className="concert-card__date">{formats.longDay(concert.day)}</p>
          {/* A visitor has no score: no badge that would wait for one forever. */}
          {signedIn && (
            <span
              className="concert-card__score"
              role="img"
              aria-label={t('concert.scoreLabel', { label: t(score.label) })}
            >
              {score.emoji}
            </span>
          )}
        </div>
        <h2 id={titleId} className="concert-card__title">
          <Link to={concertPathOf(concert)}>{title}</Link>
        </h2>
        {concert.cancelled && <p className="concert-card__cancelled">{t('concert.cancelled')}</p>}
        <ConcertFacts
          className="concert-card__facts"
          facts={[
            [t('concert.fact.genre'), genreName(t, concert.genre)],
            [t('concert.fact.place'), concert.venue],
            [t('concert.fact.hour'), formatHour(concert.hour)],
            [t('concert.fact.price'), formats.price(concert.price)],
          ]}
        />
        {/* Visitors: the public agenda itself invites them to sign up for their scores. */}
        {signedIn && (
          <p className={`concert-card__reason${pending ? ' concert-card__reason--pending' : ''}`}>
            {pending ? (
              <>
                <span aria-hidden="true">{THINKING_FACE}</span>
                {t('concert.thinking')}
              </>
            ) : concert.cancelled ? (
              t('concert.cancelledReason')
            ) : (
              (recommendation?.reason ?? t('concert.thinking'))
            )}
          </p>
        )}
        {concert.descriptionShort && (
          <p className="concert-card__description">{concert.descriptionShort}</p>
        )}
        {concert.descriptionLong && (
          <details className="concert-card__more">
            <summary>{t('concert.readMore')}</summary>
            <p>{concert.descriptionLong}</p>
          </details>
        )}
        {(spotifyBands.length > 0 || hasConcertLinks(concert)) && (
          <ul className="concert-card__links">
            <ConcertLinks concert={concert} />
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
            href={whatsappUrl(concert, siteUrl, t, formats)}
            target="_blank"
            rel="noopener noreferrer"
          >
            {t('concert.shareWhatsapp')}
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
