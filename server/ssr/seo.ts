// robots.txt and sitemap.xml: what search engines may read, and every page worth listing.
import { addressIn, LOCALES } from '../../common/i18n/locales.js';
import { escapeHtml } from '../lib/html.js';

/**
 * Private screens and the API stay out of search engines; the concert API stays readable so a
 * crawler that runs the SPA sees the page as people do.
 */
export function robotsTxt(publicUrl: string): string {
  return [
    'User-agent: *',
    'Allow: /',
    'Allow: /api/concerts',
    'Disallow: /api/',
    'Disallow: /auth/',
    'Disallow: /admin',
    'Disallow: /profile',
    'Disallow: /myconcerts',
    'Disallow: /liked-music-genres',
    'Disallow: /disliked-music-genres',
    'Disallow: /verificar-email',
    'Disallow: /update-password',
    'Disallow: /unsubscribe',
    'Disallow: /publica/confirmar',
    '',
    `Sitemap: ${publicUrl}/sitemap.xml`,
    '',
  ].join('\n');
}

/**
 * The landing, the public agenda and each upcoming concert's page (sitemaps.org 0.9), in every
 * language, each entry naming its other languages as the pages' own hreflang links do.
 */
export function sitemapXml(publicUrl: string, concertPaths: string[]): string {
  const paths = ['/', '/conciertos', ...concertPaths];
  const urls = paths.flatMap((path) => {
    const href = (locale: (typeof LOCALES)[number]) =>
      escapeHtml(`${publicUrl}${addressIn(path, locale)}`);
    const alternates =
      LOCALES.map(
        (each) => `<xhtml:link rel="alternate" hreflang="${each}" href="${href(each)}"/>`,
      ).join('') + `<xhtml:link rel="alternate" hreflang="x-default" href="${href('es')}"/>`;
    return LOCALES.map((locale) => `<url><loc>${href(locale)}</loc>${alternates}</url>`);
  });
  return (
    '<?xml version="1.0" encoding="UTF-8"?>\n' +
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" ' +
    `xmlns:xhtml="http://www.w3.org/1999/xhtml">${urls.join('')}</urlset>\n`
  );
}
