import type { CarouselConcertDto } from '@common/concerts/types';
import { useText } from '@/i18n/IntlContext';
import { useFormats } from '@/i18n/useFormats';

interface ConcertSlideProps {
  concert: CarouselConcertDto;
  tagline: string;
}

export function ConcertSlide({ concert, tagline }: ConcertSlideProps) {
  const t = useText();
  const { longDay, price } = useFormats();
  return (
    <div className="slide">
      <p className="slide__date">{longDay(concert.day)}</p>
      <h3 className="slide__bands">{concert.bands.join(' + ')}</h3>
      <ul className="slide__meta">
        <li>{concert.venue}</li>
        <li>{t('carousel.hour', { hour: concert.hour })}</li>
        {concert.genre && <li>{concert.genre}</li>}
        <li>{price(concert.price)}</li>
      </ul>
      <p className="slide__tagline">{tagline}</p>
    </div>
  );
}
