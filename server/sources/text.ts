// Text and addresses from a source, made safe to store: plain text only, bounded, http(s) only.
import { createHash } from 'node:crypto';
import { Parser } from 'htmlparser2';
import { KEY_MAX } from './imported-event.js';

// Elements that end a line of text; everything else is inline.
const BLOCK_TAGS = new Set([
  'address',
  'article',
  'aside',
  'blockquote',
  'br',
  'dd',
  'div',
  'dl',
  'dt',
  'figcaption',
  'footer',
  'h1',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
  'header',
  'hr',
  'li',
  'ol',
  'p',
  'pre',
  'section',
  'table',
  'tr',
  'ul',
]);
const HIDDEN_TAGS = new Set(['script', 'style', 'template', 'head', 'title']);

// A tag or an entity: only then is the text read as HTML, so a plain "entrada < 10 €" stays as is.
const HTML_HINT = /<\/?[a-z][a-z0-9-]*(?:\s[^<>]*)?\/?>|&(?:[a-z][a-z0-9]*|#\d+|#x[0-9a-f]+);/i;
// C0 and C1 controls but tab and line feed, and the two Unicode line separators.
// eslint-disable-next-line no-control-regex
const CONTROLS = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u2028\u2029]/g;

/** The text of an HTML fragment: tags dropped, entities decoded, block elements as line ends. */
export function htmlToText(html: string): string {
  const out: string[] = [];
  let hidden = 0;
  const parser = new Parser(
    {
      onopentag(name) {
        if (HIDDEN_TAGS.has(name)) hidden += 1;
        else if (BLOCK_TAGS.has(name)) out.push('\n');
      },
      onclosetag(name) {
        if (HIDDEN_TAGS.has(name)) hidden = Math.max(0, hidden - 1);
        else if (BLOCK_TAGS.has(name)) out.push('\n');
      },
      ontext(text) {
        if (hidden === 0) out.push(text);
      },
    },
    { decodeEntities: true },
  );
  parser.write(html);
  parser.end();
  return out.join('');
}

/** Cuts to at most `max` UTF-16 units without splitting a surrogate pair. */
export function truncate(text: string, max: number): string {
  if (text.length <= max) return text;
  let end = max;
  const last = text.charCodeAt(end - 1);
  if (last >= 0xd800 && last <= 0xdbff) end -= 1;
  return text.slice(0, end).trimEnd();
}

// Read at most this many times the kept length: enough for the markup around the text, and it
// bounds the work a huge value can cause.
const READ_FACTOR = 8;

function asText(value: string, max: number): string {
  const bounded = value.length > max * READ_FACTOR ? value.slice(0, max * READ_FACTOR) : value;
  const text = HTML_HINT.test(bounded) ? htmlToText(bounded) : bounded;
  return text.replace(/\r\n?/g, '\n').replace(CONTROLS, ' ');
}

/**
 * Plain text of a possibly-HTML value, whitespace collapsed within each line, empty lines dropped,
 * lines kept; null when nothing is left.
 */
export function plainText(value: string | null | undefined, max: number): string | null {
  if (!value) return null;
  const lines = asText(value, max)
    .split('\n')
    .map((line) => line.replace(/\s+/g, ' ').trim())
    .filter((line) => line !== '');
  const text = truncate(lines.join('\n'), max);
  return text === '' ? null : text;
}

/** Plain text on one line (names, places), whitespace collapsed; null when nothing is left. */
export function plainLine(value: string | null | undefined, max: number): string | null {
  if (!value) return null;
  const text = truncate(asText(value, max).replace(/\s+/g, ' ').trim(), max);
  return text === '' ? null : text;
}

const URL_MAX = 2000;

/** An absolute http(s) address (a relative one resolved against `base`), else null. */
export function httpUrl(value: string | null | undefined, base?: string): string | null {
  if (!value) return null;
  const raw = value.trim();
  if (raw === '' || raw.length > URL_MAX) return null;
  let url: URL;
  try {
    url = new URL(raw, base);
  } catch {
    return null;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
  if (url.username !== '' || url.password !== '') return null;
  return url.href.length > URL_MAX ? null : url.href;
}

/**
 * A key of at most KEY_MAX chars: a longer one keeps its start and ends with a hash of the whole,
 * so two long keys that differ only at the end stay different.
 */
export function boundedKey(key: string): string {
  if (key.length <= KEY_MAX) return key;
  const hash = createHash('sha256').update(key).digest('hex');
  return `${truncate(key, KEY_MAX - hash.length - 1)}#${hash}`;
}

/** Distinct names, case and surrounding space aside, in their first order, bounded. */
export function distinctNames(
  names: Iterable<string | null | undefined>,
  maxEach: number,
  maxCount: number,
): string[] {
  const seen = new Set<string>();
  const out: string[] = [];
  for (const raw of names) {
    const name = plainLine(raw, maxEach);
    if (!name) continue;
    const folded = name.toLocaleLowerCase('es');
    if (seen.has(folded)) continue;
    seen.add(folded);
    out.push(name);
    if (out.length >= maxCount) break;
  }
  return out;
}
