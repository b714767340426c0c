import type { PageData } from '@common/pages/render';

let embedded: PageData | null = null;

/** What the server embedded in the page (`#app-data`), or null (vite dev, a page not rendered). */
export function readPageData(): PageData | null {
  const text = document.getElementById('app-data')?.textContent;
  if (!text) return null;
  try {
    embedded = JSON.parse(text) as PageData;
    return embedded;
  } catch (error) {
    console.error('Los datos de la página no son JSON válido', error);
    return null;
  }
}

/** The page's HTML was drawn from this: null on the server and when nothing was embedded. */
export const embeddedPageData = (): PageData | null => embedded;
