// The one template of every mail: an MJML document compiled once per process into HTML pieces
// with {{placeholders}}, cut at its <!--cm:...--> marks. A mail is then string filling with every
// value escaped, so sending thousands of mails never runs MJML again. The plain-text part is
// written from the same content, not from the HTML.
import { escapeHtml } from '../web/html-shell.js';
import type { OutgoingMail } from './mailer.js';

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

export const MAIL_BRAND_LINE = 'Conciertos Mallorca · Tu agenda personalizada de conciertos';

/** The concert pictures' box: the column's width, and at most this high (the aspect is kept). */
export const MAIL_IMAGE_WIDTH = 552;
const MAIL_IMAGE_MAX_HEIGHT = 368;
/** A picture of unknown size (another host's) gets this box; clients with CSS keep its aspect. */
const UNKNOWN_IMAGE_HEIGHT = 311;
/** A height MJML writes as given, replaced after compiling: the height is the picture's own. */
const HEIGHT_MARK = 7777;

const COLORS = {
  page: '#f3f4f6',
  card: '#ffffff',
  text: '#1f2937',
  muted: '#4b5563',
  accent: '#c2410c',
  line: '#e5e7eb',
  night: '#15121f',
  sun: '#ffb347',
};
const DARK = {
  page: '#0f0d16',
  card: '#1d1a26',
  text: '#f3f4f6',
  muted: '#c9c3d6',
  accent: '#fdba74',
};

const mark = (name: string) => `<mj-raw><!--cm:${name}--></mj-raw>`;

// Dark mode: the inline colours are overridden where the client honours prefers-color-scheme;
// every pair keeps a contrast of at least 4.5:1.
const MJML = `<mjml lang="es">
<mj-head>
  <mj-title>{{title}}</mj-title>
  <mj-preview>{{preview}}</mj-preview>
  <mj-raw><meta name="color-scheme" content="light dark"><meta name="supported-color-schemes" content="light dark"></mj-raw>
  <mj-breakpoint width="480px" />
  <mj-attributes>
    <mj-all font-family="Helvetica, Arial, sans-serif" />
    <mj-section background-color="${COLORS.card}" css-class="cm-card" padding="0" />
    <mj-text font-size="16px" line-height="24px" color="${COLORS.text}" padding="0 24px" css-class="cm-text" />
  </mj-attributes>
  <mj-style>
    :root { color-scheme: light dark; supported-color-schemes: light dark; }
    @media (prefers-color-scheme: dark) {
      .cm-body, .cm-body > div, .cm-page, .cm-page > table { background: ${DARK.page} !important; }
      .cm-card, .cm-card > table { background: ${DARK.card} !important; }
      .cm-text div { color: ${DARK.text} !important; }
      .cm-muted div, .cm-footer div, .cm-footer a { color: ${DARK.muted} !important; }
      .cm-link, .cm-score { color: ${DARK.accent} !important; }
      .cm-divider p { border-top-color: #3a3447 !important; }
    }
    @media only screen and (max-width: 479px) {
      .cm-title div { font-size: 22px !important; line-height: 28px !important; }
    }
  </mj-style>
</mj-head>
<mj-body width="600px" background-color="${COLORS.page}" css-class="cm-body">
  <mj-section background-color="${COLORS.night}" css-class="cm-head" padding="16px 0">
    <mj-column>
      <mj-text css-class="cm-head-text" color="#ffffff" font-size="20px" font-weight="bold">Conciertos <span style="color:${COLORS.sun}">Mallorca</span></mj-text>
    </mj-column>
  </mj-section>
  <mj-section padding="24px 0 12px">
    <mj-column>
      <mj-text css-class="cm-text cm-title" font-size="24px" line-height="30px" font-weight="bold"><h1 style="margin:0;font-size:inherit;line-height:inherit">{{title}}</h1></mj-text>
    </mj-column>
  </mj-section>
  ${mark('paragraphs')}
  <mj-section padding="0">
    <mj-column>
      <mj-text>{{paragraphs}}</mj-text>
    </mj-column>
  </mj-section>
  ${mark('concerts')}
  <mj-section padding="4px 0 0">
    <mj-column>
      ${mark('concert')}
      <mj-divider css-class="cm-divider" border-color="${COLORS.line}" border-width="1px" padding="0 24px 16px" />
      ${mark('image')}
      <mj-image src="{{src}}" alt="{{alt}}" href="{{url}}" width="${MAIL_IMAGE_WIDTH}px" height="${HEIGHT_MARK}px" align="left" padding="0 24px 12px" css-class="cm-image" />
      ${mark('concertTitle')}
      <mj-text font-size="18px" font-weight="bold" padding="0 24px 4px"><a href="{{url}}" class="cm-link" style="color:${COLORS.accent};text-decoration:none">{{title}}</a></mj-text>
      ${mark('band')}
      <mj-text css-class="cm-muted" color="${COLORS.muted}" padding="0 24px 4px">{{band}}</mj-text>
      ${mark('facts')}
      <mj-text padding="0 24px 4px">{{date}}<br>{{place}}</mj-text>
      ${mark('score')}
      <mj-text padding="0 24px 4px"><strong class="cm-score" style="color:${COLORS.accent}">{{label}}</strong> {{reason}}</mj-text>
      ${mark('concertEnd')}
      <mj-spacer height="12px" />
      ${mark('concertsEnd')}
    </mj-column>
  </mj-section>
  ${mark('action')}
  <mj-section padding="12px 0 4px">
    <mj-column>
      <mj-button href="{{url}}" align="left" background-color="${COLORS.accent}" color="#ffffff" font-size="16px" font-weight="bold" border-radius="6px" inner-padding="12px 20px" padding="0 24px">{{label}}</mj-button>
    </mj-column>
  </mj-section>
  ${mark('links')}
  <mj-section padding="8px 0 0">
    <mj-column>
      <mj-text>{{links}}</mj-text>
    </mj-column>
  </mj-section>
  ${mark('footer')}
  <mj-section padding="0">
    <mj-column>
      <mj-spacer height="24px" />
    </mj-column>
  </mj-section>
  <mj-section background-color="${COLORS.page}" css-class="cm-page" padding="16px 0 24px">
    <mj-column>
      ${mark('reason')}
      <mj-text css-class="cm-footer" color="${COLORS.muted}" font-size="13px" line-height="20px" padding="0 24px 4px">{{reason}}</mj-text>
      ${mark('unsubscribe')}
      <mj-text css-class="cm-footer" color="${COLORS.muted}" font-size="13px" line-height="20px" padding="0 24px 4px"><a href="{{url}}" style="color:${COLORS.muted};text-decoration:underline">{{label}}</a></mj-text>
      ${mark('end')}
      <mj-text css-class="cm-footer" color="${COLORS.muted}" font-size="13px" line-height="20px" padding="0 24px">${MAIL_BRAND_LINE}</mj-text>
    </mj-column>
  </mj-section>
</mj-body>
</mjml>`;

const PIECES = [
  'start',
  'paragraphs',
  'concerts',
  'concert',
  'image',
  'concertTitle',
  'band',
  'facts',
  'score',
  'concertEnd',
  'concertsEnd',
  'action',
  'links',
  'footer',
  'reason',
  'unsubscribe',
  'end',
] as const;
type PieceName = (typeof PIECES)[number];

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

/** Replaces what MJML wrote for the picture's size, checking it wrote it exactly once. */
function replaceOnce(html: string, what: string, by: string): string {
  const parts = html.split(what);
  if (parts.length !== 2) throw new Error(`Plantilla de correo: «${what}» no aparece una vez`);
  return parts.join(by);
}

async function compile(): Promise<Template> {
  // Loaded on first use: MJML is heavy, and a process that sends no mail never needs it.
  const { default: mjml2html } = await import('mjml');
  const { html } = await mjml2html(MJML, { validationLevel: 'strict', fonts: {} });
  // Indentation is all the beautifier left: whitespace at a line's start means nothing in HTML.
  const parts = html.replace(/^\s+/gm, '').split(/<!--cm:(\w+)-->/);
  const found = parts.filter((_, i) => i % 2 === 1);
  if (found.join() !== PIECES.slice(1).join()) {
    throw new Error(`Plantilla de correo: marcas inesperadas (${found.join(', ')})`);
  }
  const pieces = Object.fromEntries(PIECES.map((name, i) => [name, parts[i * 2]!])) as Record<
    PieceName,
    string
  >;
  // The picture's own width and height as attributes (what Outlook reads); for CSS, the width
  // fills its cell and the height follows the aspect, so a phone's narrower column scales it.
  let image = pieces.image;
  image = replaceOnce(image, `width="${MAIL_IMAGE_WIDTH}"`, 'width="{{width}}"');
  image = replaceOnce(image, `width:${MAIL_IMAGE_WIDTH}px`, 'width:{{width}}px');
  image = replaceOnce(image, `height="${HEIGHT_MARK}"`, 'height="{{height}}"');
  pieces.image = replaceOnce(image, `height:${HEIGHT_MARK}px`, 'height:auto');
  return Object.fromEntries(PIECES.map((name) => [name, toPiece(pieces[name])])) as Template;
}

let compiled: Promise<Template> | undefined;

/** The compiled template, compiled on the first call of this process. */
function template(): Promise<Template> {
  compiled ??= compile().catch((error: unknown) => {
    compiled = undefined;
    throw error;
  });
  return compiled;
}

/** Compiles the template now (a process that sends mails calls it at its start). */
export async function prepareMailTemplate(): Promise<void> {
  await template();
}

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

const paragraphsHtml = (lines: string[]) =>
  lines.map((line) => `<p style="margin:0 0 12px">${escapeHtml(line)}</p>`).join('');

const placeOf = (concert: MailConcertItem) =>
  [concert.venue, ...(concert.details ?? [])].join(' · ');

function concertHtml(t: Template, concert: MailConcertItem): string {
  const url = escapeHtml(concert.url);
  const html = [fill(t.concert)];
  if (concert.image) {
    const size = mailImageSize(concert.image);
    html.push(
      fill(t.image, {
        src: escapeHtml(concert.image.url),
        alt: escapeHtml(`Imagen de ${concert.title}`),
        url,
        width: String(size.width),
        height: String(size.height),
      }),
    );
  }
  html.push(fill(t.concertTitle, { url, title: escapeHtml(concert.title) }));
  if (concert.band) html.push(fill(t.band, { band: escapeHtml(concert.band) }));
  html.push(fill(t.facts, { date: escapeHtml(concert.date), place: escapeHtml(placeOf(concert)) }));
  if (concert.score) {
    const { label, reason } = concert.score;
    html.push(fill(t.score, { label: escapeHtml(label), reason: escapeHtml(reason ?? '') }));
  }
  html.push(fill(t.concertEnd));
  return html.join('');
}

function renderHtml(t: Template, content: MailContent): string {
  const { title, lines, concerts = [], closing = [], action, links = [], footer } = content;
  const html = [
    fill(t.start, { title: escapeHtml(title), preview: escapeHtml(lines[0] ?? title) }),
  ];
  if (lines.length > 0) html.push(fill(t.paragraphs, { paragraphs: paragraphsHtml(lines) }));
  if (concerts.length > 0) {
    html.push(fill(t.concerts), ...concerts.map((concert) => concertHtml(t, concert)));
    html.push(fill(t.concertsEnd));
  }
  if (closing.length > 0) html.push(fill(t.paragraphs, { paragraphs: paragraphsHtml(closing) }));
  if (action) {
    html.push(fill(t.action, { url: escapeHtml(action.url), label: escapeHtml(action.label) }));
  }
  if (links.length > 0) {
    const anchors = links.map(
      (link) =>
        `<a href="${escapeHtml(link.url)}" class="cm-link" style="color:${COLORS.accent}">${escapeHtml(link.label)}</a>`,
    );
    html.push(fill(t.links, { links: anchors.join('<br>') }));
  }
  html.push(fill(t.footer));
  if (footer?.reason) html.push(fill(t.reason, { reason: escapeHtml(footer.reason) }));
  if (footer?.unsubscribe) {
    const { url, label } = footer.unsubscribe;
    html.push(fill(t.unsubscribe, { url: escapeHtml(url), label: escapeHtml(label) }));
  }
  html.push(fill(t.end));
  return html.join('');
}

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
    MAIL_BRAND_LINE,
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

export async function renderMail(content: MailContent): Promise<{ html: string; text: string }> {
  const t = await template();
  return { html: renderHtml(t, content), text: renderMailText(content) };
}

/** A whole mail: subject, the content as HTML and text, and any extra headers. */
export async function composeMail(
  to: string,
  subject: string,
  content: MailContent,
  headers?: Record<string, string>,
): Promise<OutgoingMail> {
  return { to, subject, ...(await renderMail(content)), ...(headers ? { headers } : {}) };
}
