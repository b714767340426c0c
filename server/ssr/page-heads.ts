// Heads of the public pages that are not one concert: the agenda and the "not found" page.
import { publicFeedPath } from '../../common/calendar/links.js';
import { addressIn, LOCALES, type Locale } from '../../common/i18n/locales.js';
import { textsIn } from '../i18n/intl.js';
import type { PageHead } from './html-shell.js';
import { escapeHtml } from '../lib/html.js';

/**
 * The canonical address of this language's page, and every language's (`hreflang`; the bare
 * address, Spanish for a reader who says nothing, is the x-default).
 */
export function languageLinks(url: string, locale: Locale): string {
  const link = (hreflang: string, href: string) =>
    `<link rel="alternate" hreflang="${hreflang}" href="${escapeHtml(href)}">`;
  return (
    `<link rel="canonical" href="${escapeHtml(addressIn(url, locale))}">` +
    LOCALES.map((each) => link(each, addressIn(url, each))).join('') +
    link('x-default', url)
  );
}

/** Open Graph's name of the language. */
export const OG_LOCALES: Record<Locale, string> = { es: 'es_ES', ca: 'ca_ES' };

/**
 * Feed autodiscovery: browsers' and feed readers' "subscribe" finds the public RSS feed, and
 * calendar tools the ICS one, from the landing and the agenda: each in the page's language.
 */
export function feedLinks(publicUrl: string, locale: Locale): string {
  const t = textsIn(locale);
  const link = (type: string, title: string, format: 'ics' | 'rss') =>
    `<link rel="alternate" type="${type}" title="${escapeHtml(title)}" ` +
    `href="${escapeHtml(`${publicUrl}${addressIn(publicFeedPath(format), locale)}`)}">`;
  return (
    link('application/rss+xml', t('head.feed.rss'), 'rss') +
    link('text/calendar', t('head.feed.ics'), 'ics')
  );
}

/** The site's own title and description (index.html's, in Spanish), for pages without their own. */
export function siteHead(locale: Locale): PageHead {
  const t = textsIn(locale);
  return { title: t('head.site.title'), description: t('head.site.description') };
}

/** The landing (/): the site's title and description, and the feeds. */
export function landingHead(publicUrl: string, locale: Locale): PageHead {
  return { ...siteHead(locale), extra: feedLinks(publicUrl, locale) };
}

export function agendaHead(publicUrl: string, locale: Locale): PageHead {
  const t = textsIn(locale);
  const url = `${publicUrl}/conciertos`;
  const title = t('head.agenda.title');
  const description = t('head.agenda.description');
  const tag = (property: string, value: string) =>
    `<meta property="${property}" content="${escapeHtml(value)}">`;
  return {
    title: `${title} · Conciertos Mallorca`,
    description,
    extra:
      languageLinks(url, locale) +
      tag('og:type', 'website') +
      tag('og:site_name', 'Conciertos Mallorca') +
      tag('og:locale', OG_LOCALES[locale]) +
      tag('og:title', title) +
      tag('og:description', description) +
      tag('og:url', addressIn(url, locale)) +
      feedLinks(publicUrl, locale),
  };
}

/** A removed or unknown concert: a 404 that still offers the way on. */
export function notFoundHead(locale: Locale): PageHead {
  const t = textsIn(locale);
  return {
    title: t('head.notFound.title'),
    description: t('head.notFound.description'),
    extra: '<meta name="robots" content="noindex">',
  };
}
