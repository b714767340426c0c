import { useEffect } from 'react';

const SITE_NAME = 'Conciertos Mallorca';

/** Sets document.title to '<title> · Conciertos Mallorca' while the page is shown. */
export function usePageTitle(title: string): void {
  useEffect(() => {
    const previous = document.title;
    document.title = `${title} · ${SITE_NAME}`;
    return () => {
      document.title = previous;
    };
  }, [title]);
}
