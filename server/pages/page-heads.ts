// Heads of the public pages that are not one concert: the agenda and the "not found" page.
import { publicFeedPath } from '../../common/calendar.js';
import type { Locale } from '../../common/i18n/locales.js';
import { textsIn } from '../i18n/intl.js';
import type { PageHead } from '../web/html-shell.js';
import { escapeHtml } from '../web/html-shell.js';

const AGENDA_TITLE = 'Agenda de conciertos en Mallorca';
const AGENDA_DESCRIPTION =
  'Todos los próximos conciertos en Mallorca: fechas, salas, precios y conciertos gratis. ' +
  'Filtra por fecha, género, banda y precio.';

/**
 * Feed autodiscovery: browsers' and feed readers' "subscribe" finds the public RSS feed, and
 * calendar tools the ICS one, from the landing and the agenda.
 */
export function feedLinks(publicUrl: string): string {
  const link = (type: string, title: string, format: 'ics' | 'rss') =>
    `<link rel="alternate" type="${type}" title="${escapeHtml(title)}" ` +
    `href="${escapeHtml(`${publicUrl}${publicFeedPath(format)}`)}">`;
  return (
    link('application/rss+xml', 'Próximos conciertos en Mallorca (RSS)', 'rss') +
    link('text/calendar', 'Próximos conciertos en Mallorca (calendario)', 'ics')
  );
}

/** The site's own title and description (index.html's, in Spanish), for pages without their own. */
export function siteHead(locale: Locale): PageHead {
  const t = textsIn(locale);
  return { title: t('head.site.title'), description: t('head.site.description') };
}

/** The landing (/): the site's title and description, and the feeds. */
export function landingHead(publicUrl: string, locale: Locale): PageHead {
  return { ...siteHead(locale), extra: feedLinks(publicUrl) };
}

export function agendaHead(publicUrl: string): PageHead {
  const url = `${publicUrl}/conciertos`;
  const tag = (property: string, value: string) =>
    `<meta property="${property}" content="${escapeHtml(value)}">`;
  return {
    title: `${AGENDA_TITLE} · Conciertos Mallorca`,
    description: AGENDA_DESCRIPTION,
    extra:
      `<link rel="canonical" href="${escapeHtml(url)}">` +
      tag('og:type', 'website') +
      tag('og:site_name', 'Conciertos Mallorca') +
      tag('og:locale', 'es_ES') +
      tag('og:title', AGENDA_TITLE) +
      tag('og:description', AGENDA_DESCRIPTION) +
      tag('og:url', url) +
      feedLinks(publicUrl),
  };
}

/** A removed or unknown concert: a 404 that still offers the way on. */
export function notFoundHead(): PageHead {
  return {
    title: 'Concierto no encontrado · Conciertos Mallorca',
    description: 'Este concierto no existe o se ha retirado de la agenda.',
    extra: '<meta name="robots" content="noindex">',
  };
}
