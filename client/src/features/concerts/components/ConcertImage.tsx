import { useState } from 'react';

const FALLBACK = '/default-concert.svg';

interface ConcertImageProps {
  src: string | null;
  alt: string;
}

/** The band's picture, or our default when there is none or it fails to load. */
export function ConcertImage({ src, alt }: ConcertImageProps) {
  const [failedSrc, setFailedSrc] = useState<string | null>(null);
  const usable = src && src !== failedSrc ? src : FALLBACK;
  return (
    <img
      className="concert-card__image"
      src={usable}
      alt={alt}
      width="400"
      height="225"
      loading="lazy"
      decoding="async"
      onError={() => {
        if (usable !== FALLBACK) setFailedSrc(usable);
      }}
    />
  );
}
