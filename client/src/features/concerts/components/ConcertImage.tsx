import { useState } from 'react';

const FALLBACK = '/default-concert.webp';

interface ConcertImageProps {
  src: string | null;
  alt: string;
  /**
   * The page's largest paint (a concert page's picture, the first card's): fetched at once and
   * first. The others wait until they come near the screen.
   */
  priority?: boolean;
}

/** The band's picture, or our default when there is none or it fails to load. */
export function ConcertImage({ src, alt, priority = false }: ConcertImageProps) {
  const [failedSrc, setFailedSrc] = useState<string | null>(null);
  const usable = src && src !== failedSrc ? src : FALLBACK;
  return (
    // width/height give the box its 16:9 before the file arrives (the CSS keeps the ratio);
    // loading comes before src so the browser knows it before it starts the fetch.
    <img
      className="concert-card__image"
      loading={priority ? 'eager' : 'lazy'}
      fetchPriority={priority ? 'high' : 'auto'}
      src={usable}
      alt={alt}
      width="400"
      height="225"
      decoding="async"
      onError={() => {
        if (usable !== FALLBACK) setFailedSrc(usable);
      }}
    />
  );
}
