import { useEffect } from 'react';
import { ConcertCarousel } from './ConcertCarousel';
import { useCarouselConcerts } from './queries';

/** The carousel, or nothing: its errors are only logged, and an empty list shows no carousel. */
export function CarouselSection() {
  const { data, error, isPending } = useCarouselConcerts();

  useEffect(() => {
    if (error) console.error('No se han podido cargar los conciertos del carrusel', error);
  }, [error]);

  if (isPending) return <div className="carousel-skeleton" aria-hidden="true" />;
  if (!data || data.concerts.length === 0) return null;
  return <ConcertCarousel concerts={data.concerts} />;
}
