// Every mail's HTML and plain text from its content. The HTML is the MJML template of
// mail-template.mjml.ts, compiled ahead (mail-template.compiled.json) and filled here with every
// value escaped: a mail is string joining, and MJML never runs while the app sends mail. The
// plain-text part is written from the same content, not from the HTML.
import { DEFAULT_LOCALE, type Locale } from '../../common/i18n/locales.js';
import { textsIn } from '../i18n/intl.js';
import { escapeHtml } from '../lib/html.js';
import compiled from './mail-template.compiled.json' with { type: 'json' };
import {
  COLORS,
  MAIL_BRAND_LINE,
  MAIL_IMAGE_MAX_HEIGHT,
  MAIL_IMAGE_WIDTH,
  PIECES,
  UNKNOWN_IMAGE_HEIGHT,
  type PieceName,
} from './mail-template.mjml.js';
import type { OutgoingMail } from './mailer.js';

export { MAIL_BRAND_LINE, MAIL_IMAGE_WIDTH };

/** A picture to show, with its pixel size when we know it (our own uploads). */
export interface MailImage {
  url: string;
  width?: number;
  height?: number;
}

export interface MailConcertItem {
  title: string;
  /** The band, when the title is not already its name. */
  band?: string;
  /** 'miércoles, 12 de junio a las 21:30' */
  date: string;
  venue: string;
  /** Shown after the venue: genre, price... */
  details?: string[];
  image?: MailImage;
  score?: { label: string; reason?: string | null };
  url: string;
}

export interface MailLink {
  label: string;
  url: string;
  /** What the plain text says before the address (the label otherwise). */
  textLabel?: string;
}

export interface MailContent {
  /** The reader's language: <html lang>, the brand line and the pictures' words (Spanish if unset). */
  locale?: Locale;
  title: string;
  lines: string[];
  concerts?: MailConcertItem[];
  /** Paragraphs after the concerts. */
  closing?: string[];
  /** The one button. */
  action?: MailLink;
  /** Further links under the button. */
  links?: MailLink[];
  footer?: { reason?: string; unsubscribe?: MailLink };
}

/** Literal HTML with holes: literals[0] + values[keys[0]] + literals[1] + ... */
interface Piece {
  literals: string[];
  keys: string[];
}
type Template = Record<PieceName, Piece>;

function toPiece(html: string): Piece {
  const parts = html.split(/\{\{(\w+)\}\}/);
  return {
    literals: parts.filter((_, i) => i % 2 === 0),
    keys: parts.filter((_, i) => i % 2 === 1),
  };
}

/** Values are already escaped HTML. */
function fill(piece: Piece, values: Record<string, string> = {}): string {
  let html = piece.literals[0]!;
  piece.keys.forEach((key, i) => {
    const value = values[key];
    if (value === undefined) throw new Error(`Plantilla de correo: falta {{${key}}}`);
    html += value + piece.literals[i + 1]!;
  });
  return html;
}

const template = Object.fromEntries(
  PIECES.map((name) => [name, toPiece((compiled as Record<PieceName, string>)[name])]),
) as Template;

/** The rendered size: the box's width, or less for a tall picture; the aspect is the picture's. */
export function mailImageSize(image: MailImage): { width: number; height: number } {
  const { width, height } = image;
  if (!width || !height) return { width: MAIL_IMAGE_WIDTH, height: UNKNOWN_IMAGE_HEIGHT };
  const shown = Math.min(MAIL_IMAGE_WIDTH, width, (MAIL_IMAGE_MAX_HEIGHT * width) / height);
  return {
    width: Math.max(1, Math.round(shown)),
    height: Math.max(1, Math.round((shown * height) / width)),
  };
}

/** The paragraphs' row, or nothing for none. */
const paragraphsHtml = (lines: string[]) =>
  lines.length === 0
    ? ''
    : fill(template.paragraphs, {
        paragraphs: lines
          .map((line) => `<p style="margin:0 0 12px">${escapeHtml(line)}</p>`)
          .join(''),
      });

const placeOf = (concert: MailConcertItem) =>
  [concert.venue, ...(concert.details ?? [])].join(' · ');

function concertHtml(concert: MailConcertItem, locale: Locale): string {
  const url = escapeHtml(concert.url);
  const html = [fill(template.concert)];
  if (concert.image) {
    const size = mailImageSize(concert.image);
    html.push(
      fill(template.image, {
        src: escapeHtml(concert.image.url),
        alt: escapeHtml(textsIn(locale)('mail.imageAlt', { title: concert.title })),
        url,
        width: String(size.width),
        height: String(size.height),
      }),
    );
  }
  html.push(fill(template.concertText, { url, title: escapeHtml(concert.title) }));
  if (concert.band) html.push(fill(template.band, { band: escapeHtml(concert.band) }));
  html.push(
    fill(template.facts, { date: escapeHtml(concert.date), place: escapeHtml(placeOf(concert)) }),
  );
  if (concert.score) {
    const { label, reason } = concert.score;
    html.push(fill(template.score, { label: escapeHtml(label), reason: escapeHtml(reason ?? '') }));
  }
  html.push(fill(template.concertEnd));
  return html.join('');
}

function renderHtml(content: MailContent): string {
  const { title, lines, concerts = [], closing = [], action, links = [], footer } = content;
  const locale = content.locale ?? DEFAULT_LOCALE;
  // The compiled template is written in Spanish: its language and brand line are swapped here.
  const start = fill(template.start, {
    title: escapeHtml(title),
    preview: escapeHtml(lines[0] ?? title),
  }).replace(TEMPLATE_LANG, `lang="${locale}"`);
  const html = [
    start,
    paragraphsHtml(lines),
    ...concerts.map((concert) => concertHtml(concert, locale)),
    concerts.length > 0 ? fill(template.concertsEnd) : '',
    paragraphsHtml(closing),
  ];
  if (action) {
    html.push(
      fill(template.action, { url: escapeHtml(action.url), label: escapeHtml(action.label) }),
    );
  }
  if (links.length > 0) {
    const anchors = links.map(
      (link) =>
        `<a href="${escapeHtml(link.url)}" class="cm-link" style="color:${COLORS.accent}">${escapeHtml(link.label)}</a>`,
    );
    html.push(fill(template.links, { links: anchors.join('<br>') }));
  }
  html.push(fill(template.footer));
  if (footer?.reason) html.push(fill(template.reason, { reason: escapeHtml(footer.reason) }));
  if (footer?.unsubscribe) {
    const { url, label } = footer.unsubscribe;
    html.push(fill(template.unsubscribe, { url: escapeHtml(url), label: escapeHtml(label) }));
  }
  html.push(fill(template.end).replace(MAIL_BRAND_LINE, escapeHtml(brandLine(locale))));
  return html.join('');
}

const TEMPLATE_LANG = /lang="es"/g;
const brandLine = (locale: Locale) => textsIn(locale)('mail.brand');

const linkText = (link: MailLink) => `${link.textLabel ?? link.label}: ${link.url}`;

function concertText(concert: MailConcertItem): string {
  const score = concert.score;
  return [
    `${concert.title} · ${concert.date}`,
    concert.band,
    placeOf(concert),
    score ? (score.reason ? `${score.label}: ${score.reason}` : score.label) : undefined,
    concert.url,
  ]
    .filter((line) => line !== undefined)
    .join('\n');
}

/** The plain-text part: the same content, in the same order, every address written out. */
export function renderMailText(content: MailContent): string {
  const { title, lines, concerts = [], closing = [], action, links = [], footer } = content;
  const linkLines = [...(action ? [action] : []), ...links].map(linkText);
  const footerLines = [
    footer?.reason,
    footer?.unsubscribe ? linkText(footer.unsubscribe) : undefined,
    brandLine(content.locale ?? DEFAULT_LOCALE),
  ].filter((line) => line !== undefined);
  const blocks = [
    title,
    ...lines,
    ...concerts.map(concertText),
    ...closing,
    linkLines.join('\n'),
    footerLines.join('\n'),
  ];
  return `${blocks.filter((block) => block !== '').join('\n\n')}\n`;
}

export function renderMail(content: MailContent): { html: string; text: string } {
  return { html: renderHtml(content), text: renderMailText(content) };
}

/** A whole mail: subject, the content as HTML and text, and any extra headers. */
export function composeMail(
  to: string,
  subject: string,
  content: MailContent,
  headers?: Record<string, string>,
): OutgoingMail {
  return { to, subject, ...renderMail(content), ...(headers ? { headers } : {}) };
}
