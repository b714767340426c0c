import { useCallback, useEffect, useState, type FocusEvent } from 'react';
import type { CarouselConcertDto } from '@common/concerts/types';
import { useText } from '@/i18n/IntlContext';
import { usePrefersReducedMotion } from '@/lib/useMediaQuery';
import { ConcertSlide } from './ConcertSlide';
import { randomTaglineIndex, taglineId } from './taglines';
import './ConcertCarousel.css';

const ROTATION_MS = 3000;
/** The steppers' arrows: pictures, not words (their names are the buttons' labels). */
const PREVIOUS_ARROW = '‹';
const NEXT_ARROW = '›';

interface ConcertCarouselProps {
  concerts: CarouselConcertDto[];
}

interface SlideState {
  index: number;
  tagline: number;
}

/**
 * One concert at a time, rotating every 3 s (WAI-ARIA APG carousel pattern): rotation stops while
 * the pointer is over the slide, while the previous/next buttons have focus, when the user pauses
 * it and when the system asks for reduced motion. Screen readers hear slide changes only when the
 * rotation is stopped, so an auto-rotating carousel does not talk over everything else.
 */
export function ConcertCarousel({ concerts }: ConcertCarouselProps) {
  const count = concerts.length;
  // The first tagline is the same on the server and in the browser; the next ones are random.
  const [slide, setSlide] = useState<SlideState>({ index: 0, tagline: 0 });
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);
  const [paused, setPaused] = useState(false);
  const reducedMotion = usePrefersReducedMotion();
  const t = useText();

  const canRotate = count > 1 && !reducedMotion;
  const rotating = canRotate && !paused && !hovered && !focused;

  const move = useCallback(
    (delta: number) => {
      setSlide((current) => ({
        index: (current.index + delta + count) % count,
        tagline: randomTaglineIndex(current.tagline),
      }));
    },
    [count],
  );

  useEffect(() => {
    if (!rotating) return;
    const timer = window.setInterval(() => move(1), ROTATION_MS);
    return () => window.clearInterval(timer);
  }, [rotating, move]);

  const onBlur = (event: FocusEvent<HTMLDivElement>) => {
    if (!event.currentTarget.contains(event.relatedTarget)) setFocused(false);
  };

  const index = slide.index % count;
  const concert = concerts[index];
  // No concerts, no carousel (after the hooks, which must always run).
  if (!concert) return null;
  const position = t('carousel.position', { index: index + 1, count });

  return (
    <section
      className="carousel"
      aria-roledescription={t('carousel.roleDescription')}
      aria-labelledby="carousel-title"
    >
      <h2 id="carousel-title" className="carousel__title">
        {t('carousel.title')}
      </h2>
      <div
        className="carousel__viewport"
        aria-live={rotating ? 'off' : 'polite'}
        onMouseEnter={() => setHovered(true)}
        onMouseLeave={() => setHovered(false)}
      >
        <div
          key={concert.id}
          className="carousel__slide"
          role="group"
          aria-roledescription={t('carousel.slideRoleDescription')}
          aria-label={position}
        >
          <ConcertSlide concert={concert} tagline={t(taglineId(slide.tagline))} />
        </div>
      </div>
      {count > 1 && (
        <div className="carousel__controls">
          {canRotate && (
            <button
              type="button"
              className="carousel__button"
              onClick={() => setPaused((value) => !value)}
            >
              {t(paused ? 'carousel.resume' : 'carousel.pause')}
              <span className="visually-hidden">{t('carousel.hiddenName')}</span>
            </button>
          )}
          <div className="carousel__stepper" onFocus={() => setFocused(true)} onBlur={onBlur}>
            <button
              type="button"
              className="carousel__button carousel__button--icon"
              aria-label={t('carousel.previous')}
              onClick={() => move(-1)}
            >
              <span aria-hidden="true">{PREVIOUS_ARROW}</span>
            </button>
            <p className="carousel__position">{position}</p>
            <button
              type="button"
              className="carousel__button carousel__button--icon"
              aria-label={t('carousel.next')}
              onClick={() => move(1)}
            >
              <span aria-hidden="true">{NEXT_ARROW}</span>
            </button>
          </div>
        </div>
      )}
    </section>
  );
}
