// robots.txt and sitemap.xml: what search engines may read, and every page worth listing.
import { escapeHtml } from '../web/html-shell.js';

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

/** The landing, the public agenda and each upcoming concert's page (sitemaps.org 0.9). */
export function sitemapXml(publicUrl: string, concertPaths: string[]): string {
  const paths = ['/', '/conciertos', ...concertPaths];
  const urls = paths.map((p) => `<url><loc>${escapeHtml(`${publicUrl}${p}`)}</loc></url>`);
  return (
    '<?xml version="1.0" encoding="UTF-8"?>\n' +
    `<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">${urls.join('')}</urlset>\n`
  );
}
