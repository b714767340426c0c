import { useEffect } from 'react';

const SITE_NAME = 'Conciertos Mallorca';

/**
 * Sets document.title to '<title> · Conciertos Mallorca' while the page is shown; null leaves it
 * to a part inside the page (an admin section), whose effect runs first.
 */
export function usePageTitle(title: string | null): void {
  useEffect(() => {
    if (title === null) return;
    const previous = document.title;
    document.title = `${title} · ${SITE_NAME}`;
    return () => {
      document.title = previous;
    };
  }, [title]);
}
