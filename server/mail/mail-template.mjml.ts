// The one template of every mail, in MJML: one column that holds at 320 px, light and dark
// colours, the brand's header and a footer. `npm run mail:template` compiles it into
// mail-template.compiled.json (HTML pieces with {{placeholders}}, cut at the <!--cm:...--> marks),
// which mail-template.ts fills for each mail: MJML never runs while the app sends mail.

export const MAIL_BRAND_LINE = 'Conciertos Mallorca · Tu agenda personalizada de conciertos';

/** The concert pictures' box: the column's width, and at most this high (the aspect is kept). */
export const MAIL_IMAGE_WIDTH = 552;
export const MAIL_IMAGE_MAX_HEIGHT = 368;
/** A picture of unknown size (another host's) gets this box; clients with CSS keep its aspect. */
export const UNKNOWN_IMAGE_HEIGHT = 311;
/** A height MJML writes as given, replaced after compiling: the height is the picture's own. */
const HEIGHT_MARK = 7777;

export const COLORS = {
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
const footerText = `css-class="cm-footer" color="${COLORS.muted}" font-size="13px" line-height="20px"`;

// One card of rows (one column: what a 320 px screen shows as well as a wide one), between the
// brand's header and the footer. Dark mode: the inline colours are overridden where the client
// honours prefers-color-scheme; every pair keeps a contrast of at least 4.5:1. Optional pieces of
// a concert's text are marked inside its mj-text, the rows' pieces between them.
const MJML = `<mjml lang="es">
<mj-head>
  <mj-title>{{title}}</mj-title>
  <mj-preview>{{preview}}</mj-preview>
  <mj-raw><meta name="color-scheme" content="light dark"><meta name="supported-color-schemes" content="light dark"></mj-raw>
  <mj-breakpoint width="480px" />
  <mj-attributes>
    <mj-all font-family="Helvetica, Arial, sans-serif" />
    <mj-text font-size="16px" line-height="24px" color="${COLORS.text}" padding="0 24px" css-class="cm-text" />
  </mj-attributes>
  <mj-style>
    :root { color-scheme: light dark; supported-color-schemes: light dark; }
    @media (prefers-color-scheme: dark) {
      .cm-body, .cm-body > div, .cm-page, .cm-page > table { background: ${DARK.page} !important; }
      .cm-card, .cm-card > table { background: ${DARK.card} !important; }
      .cm-text div { color: ${DARK.text} !important; }
      .cm-muted, .cm-footer div, .cm-footer a { color: ${DARK.muted} !important; }
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
  <mj-section background-color="${COLORS.card}" css-class="cm-card" padding="24px 0">
    <mj-column>
      <mj-text css-class="cm-text cm-title" font-size="24px" line-height="30px" font-weight="bold" padding="0 24px 12px"><h1 style="margin:0;font-size:inherit;line-height:inherit">{{title}}</h1></mj-text>
      ${mark('paragraphs')}
      <mj-text>{{paragraphs}}</mj-text>
      ${mark('concert')}
      <mj-divider css-class="cm-divider" border-color="${COLORS.line}" border-width="1px" padding="4px 24px 16px" />
      ${mark('image')}
      <mj-image src="{{src}}" alt="{{alt}}" href="{{url}}" width="${MAIL_IMAGE_WIDTH}px" height="${HEIGHT_MARK}px" align="left" padding="0 24px 12px" />
      ${mark('concertText')}
      <mj-text padding="0 24px 12px"><a href="{{url}}" class="cm-link" style="color:${COLORS.accent};font-size:18px;font-weight:bold;text-decoration:none">{{title}}</a><!--cm:band--><br><span class="cm-muted" style="color:${COLORS.muted}">{{band}}</span><!--cm:facts--><br>{{date}}<br>{{place}}<!--cm:score--><br><strong class="cm-score" style="color:${COLORS.accent}">{{label}}</strong> {{reason}}<!--cm:concertEnd--></mj-text>
      ${mark('concertsEnd')}
      <mj-divider css-class="cm-divider" border-color="${COLORS.line}" border-width="1px" padding="4px 24px 16px" />
      ${mark('action')}
      <mj-button href="{{url}}" align="left" background-color="${COLORS.accent}" color="#ffffff" font-size="16px" font-weight="bold" border-radius="6px" inner-padding="12px 20px" padding="8px 24px 4px">{{label}}</mj-button>
      ${mark('links')}
      <mj-text padding="12px 24px 0">{{links}}</mj-text>
      ${mark('footer')}
    </mj-column>
  </mj-section>
  <mj-section background-color="${COLORS.page}" css-class="cm-page" padding="16px 0 24px">
    <mj-column>
      ${mark('reason')}
      <mj-text ${footerText} padding="0 24px 4px">{{reason}}</mj-text>
      ${mark('unsubscribe')}
      <mj-text ${footerText} padding="0 24px 4px"><a href="{{url}}" style="color:${COLORS.muted};text-decoration:underline">{{label}}</a></mj-text>
      ${mark('end')}
      <mj-text ${footerText}>${MAIL_BRAND_LINE}</mj-text>
    </mj-column>
  </mj-section>
</mj-body>
</mjml>`;

export const PIECES = [
  'start',
  'paragraphs',
  'concert',
  'image',
  'concertText',
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
export type PieceName = (typeof PIECES)[number];

/** Replaces what MJML wrote for the picture's size, checking it wrote it exactly once. */
function replaceOnce(html: string, what: string, by: string): string {
  const parts = html.split(what);
  if (parts.length !== 2) throw new Error(`Plantilla de correo: «${what}» no aparece una vez`);
  return parts.join(by);
}

/**
 * The template as HTML pieces with {{placeholders}}, cut at the <!--cm:...--> marks. Run by
 * `npm run mail:template`, which writes them to mail-template.compiled.json; never at run time.
 */
export async function compileMailTemplate(): Promise<Record<PieceName, string>> {
  const { default: mjml2html } = await import('mjml');
  const { html } = await mjml2html(MJML, { validationLevel: 'strict', fonts: {} });
  // MJML indents what it writes; whitespace at a line's start means nothing in HTML.
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
  return pieces;
}
