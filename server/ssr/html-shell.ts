// The built index.html cut once into pieces, so a page can be answered with its own <title>,
// description and head tags (concert pages, the public agenda) and the app's first screen by
// joining strings: no parsing per request.
import { escapeHtml } from '../lib/html.js';

export interface PageHead {
  title: string;
  description: string;
  /** Further tags for <head> (canonical, Open Graph, JSON-LD), already escaped. */
  extra?: string;
}

export function jsonForScript(value: unknown): string {
  // Keep "</script>" and friends from closing the tag early.
  return JSON.stringify(value).replace(/</g, '\\u003c');
}

const TITLE = /<title>([\s\S]*?)<\/title>/;
const DESCRIPTION = /<meta\s+name="description"\s+content="([^"]*)"\s*\/?>/;
const HEAD_MARK = '<!--page-head-->';
const HTML_LANG = /<html lang="[^"]*"/;
/** index.html's web app manifest (Spanish); another language's is `manifest.<lang>.webmanifest`. */
const MANIFEST = '/manifest.webmanifest';
const ROOT = '<div id="root"></div>';

export class HtmlShell {
  /** The title and description of index.html, for pages that bring none. */
  readonly defaultHead: PageHead;
  private readonly before: string;
  private readonly between: string;
  private readonly after: string;
  private readonly hasRoot: boolean;

  constructor(template: string) {
    const title = TITLE.exec(template)?.[1]?.trim() ?? 'Conciertos Mallorca';
    const description = DESCRIPTION.exec(template)?.[1]?.replace(/\s+/g, ' ').trim() ?? '';
    this.defaultHead = { title: unescapeBasic(title), description: unescapeBasic(description) };
    let marked = template.replace(DESCRIPTION, '');
    marked = TITLE.test(marked)
      ? marked.replace(TITLE, HEAD_MARK)
      : marked.replace('</head>', `${HEAD_MARK}</head>`);
    const [before = '', rest = ''] = marked.split(HEAD_MARK);
    const rootAt = rest.indexOf(ROOT);
    this.hasRoot = rootAt >= 0;
    this.before = before;
    this.between = this.hasRoot ? rest.slice(0, rootAt) : rest;
    this.after = this.hasRoot ? rest.slice(rootAt + ROOT.length) : '';
  }

  /**
   * The page with this head; `configAndScripts` replaces the <!--app-config--> mark, `lastInHead`
   * goes right before </head> (after the app's own script and styles, which the browser should
   * fetch first), `root` is the markup of <div id="root"> and what follows it (the closing tag is
   * the caller's), `lang` the page's language (<html lang>).
   */
  render(
    head: PageHead,
    configAndScripts: string,
    root = '</div>',
    lastInHead = '',
    lang = 'es',
  ): string {
    const headTags =
      `<title>${escapeHtml(head.title)}</title>` +
      `<meta name="description" content="${escapeHtml(head.description)}">` +
      (head.extra ?? '');
    const rootMarkup = this.hasRoot ? `<div id="root">${root}` : '';
    // Only the head is searched for the mark; a function, so a '$' in the config is not read as a
    // replacement pattern.
    const top = (this.before + headTags + this.between)
      .replace(HTML_LANG, () => `<html lang="${escapeHtml(lang)}"`)
      .replace(MANIFEST, () => (lang === 'es' ? MANIFEST : `/manifest.${lang}.webmanifest`))
      .replace('<!--app-config-->', () => configAndScripts)
      .replace('</head>', () => `${lastInHead}</head>`);
    return top + rootMarkup + this.after;
  }
}

function unescapeBasic(text: string): string {
  return text
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');
}
