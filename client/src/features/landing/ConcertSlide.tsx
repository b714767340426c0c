import type { CarouselConcertDto } from '@common/dto';
import { formatLongDay } from '@/lib/dates';
import { formatPrice } from '@/lib/money';

interface ConcertSlideProps {
  concert: CarouselConcertDto;
  tagline: string;
}

export function ConcertSlide({ concert, tagline }: ConcertSlideProps) {
  return (
    <div className="slide">
      <p className="slide__date">{formatLongDay(concert.day)}</p>
      <h3 className="slide__bands">{concert.bands.join(' + ')}</h3>
      <ul className="slide__meta">
        <li>{concert.venue}</li>
        <li>{concert.hour} h</li>
        {concert.genre && <li>{concert.genre}</li>}
        <li>{formatPrice(concert.price)}</li>
      </ul>
      <p className="slide__tagline">{tagline}</p>
    </div>
  );
}
