// Finding schema.org events in JSON-LD as pages publish it: script blocks in the HTML, each one
// JSON document, the events inside @graph, arrays, ItemLists, a venue's or an event's own lists.
//
// This is a careful structural reader of compact schema.org, as search engines read real pages,
// and not a JSON-LD processor: many pages are not valid JSON-LD for a strict processor (loose
// contexts, relative or repeated @ids, HTML in strings), and expanding them strictly would need
// the schema.org context fetched over the network for every page.
import { Parser } from 'htmlparser2';

export type JsonObject = Record<string, unknown>;

const MAX_BLOCKS = 200;
const MAX_DEPTH = 16;
const MAX_NODES = 100_000;

// Where events are found: a graph, a list and its items, and what a venue, an organiser or a
// festival lists of its own. Other properties (an event's superEvent, a performer's events...)
// point at things the page is not about.
const CONTAINERS = [
  '@graph',
  'itemListElement',
  'item',
  'mainEntity',
  'event',
  'events',
  'subEvent',
  'subEvents',
];

/** The text of every `<script type="application/ld+json">` of a page. */
export function jsonLdBlocks(html: string): string[] {
  const blocks: string[] = [];
  let current: string[] | null = null;
  const parser = new Parser(
    {
      onopentag(name, attributes) {
        const type = attributes.type?.split(';')[0]?.trim().toLowerCase();
        if (name === 'script' && type === 'application/ld+json') current = [];
      },
      ontext(text) {
        current?.push(text);
      },
      onclosetag(name) {
        if (name !== 'script' || !current) return;
        if (blocks.length < MAX_BLOCKS) blocks.push(current.join(''));
        current = null;
      },
    },
    { decodeEntities: true },
  );
  parser.write(html);
  parser.end();
  return blocks;
}

/**
 * One block as JSON, or null when it is not JSON. Comment or CDATA wrappers some CMSs add are
 * dropped, and raw line breaks or tabs inside strings (invalid JSON, common on real pages) read
 * as spaces, as search engines take them.
 */
export function parseJsonLd(block: string): unknown {
  const text = block
    .trim()
    .replace(/^(?:\/\/\s*)?<!\[CDATA\[|(?:\/\/\s*)?\]\]>$/g, '')
    .replace(/^<!--|-->$/g, '')
    .trim();
  if (text === '') return null;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    try {
      // eslint-disable-next-line no-control-regex
      return JSON.parse(text.replace(/[\u0000-\u001f]/g, ' ')) as unknown;
    } catch {
      return null;
    }
  }
}

export const isObject = (value: unknown): value is JsonObject =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

export const listOf = (value: unknown): unknown[] =>
  value === undefined || value === null ? [] : Array.isArray(value) ? value : [value];

const TYPE_PREFIX = /^(?:https?:\/\/schema\.org\/|schema:)/i;

/** A node's types without their schema.org prefix: 'https://schema.org/MusicEvent' → 'MusicEvent'. */
export function typesOf(node: JsonObject): string[] {
  return listOf(node['@type'])
    .filter((type): type is string => typeof type === 'string')
    .map((type) => type.trim().replace(TYPE_PREFIX, ''));
}

/** Event and every subtype (MusicEvent, TheaterEvent, ...: any type ending in Event), Festival. */
export function isEvent(node: JsonObject): boolean {
  return typesOf(node).some((type) => /event$/i.test(type) || type === 'Festival');
}

function mentionsSchemaOrg(context: unknown): boolean {
  if (typeof context === 'string') return /schema\.org/i.test(context);
  if (Array.isArray(context)) return context.some(mentionsSchemaOrg);
  if (isObject(context)) {
    return Object.entries(context).some(
      ([key, value]) => key === '@vocab' && mentionsSchemaOrg(value),
    );
  }
  return false;
}

/** A node that only names another (`{ "@id": "#venue" }`), to be looked up in the page. */
function isReference(node: JsonObject): boolean {
  const keys = Object.keys(node);
  return keys.length === 1 && keys[0] === '@id';
}

/**
 * The event nodes of a page's documents, each once, references to nodes elsewhere in the page
 * resolved. A document whose @context is not schema.org's is left alone; one without a context
 * is read as schema.org, as search engines do.
 */
export function findEvents(documents: unknown[]): { events: JsonObject[]; resolve: Resolver } {
  const documentsRead = documents.filter((document) =>
    listOf(document).some(
      (root) => !isObject(root) || !('@context' in root) || mentionsSchemaOrg(root['@context']),
    ),
  );
  const byId = indexIds(documentsRead);
  const resolve: Resolver = (value) => {
    if (!isObject(value) || !isReference(value)) return value;
    const id = value['@id'];
    return (typeof id === 'string' && byId.get(id)) || value;
  };
  const events: JsonObject[] = [];
  const seen = new Set<JsonObject>();
  let budget = MAX_NODES;
  const walk = (value: unknown, depth: number): void => {
    if (depth > MAX_DEPTH || --budget < 0) return;
    if (Array.isArray(value)) {
      for (const item of value) walk(item, depth + 1);
      return;
    }
    const node = resolve(value);
    if (!isObject(node) || seen.has(node)) return;
    seen.add(node);
    if (isEvent(node)) events.push(node);
    for (const key of CONTAINERS) if (key in node) walk(node[key], depth + 1);
  };
  for (const document of documentsRead) walk(document, 0);
  return { events, resolve };
}

export type Resolver = (value: unknown) => unknown;

/** Every node with an @id and something more than it, by id: the fullest one wins. */
function indexIds(documents: unknown[]): Map<string, JsonObject> {
  const byId = new Map<string, JsonObject>();
  let budget = MAX_NODES;
  const visit = (value: unknown, depth: number): void => {
    if (depth > MAX_DEPTH || --budget < 0) return;
    if (Array.isArray(value)) {
      for (const item of value) visit(item, depth + 1);
      return;
    }
    if (!isObject(value)) return;
    const id = value['@id'];
    if (typeof id === 'string' && !isReference(value)) {
      const known = byId.get(id);
      if (!known || Object.keys(value).length > Object.keys(known).length) byId.set(id, value);
    }
    for (const child of Object.values(value)) {
      if (typeof child === 'object' && child !== null) visit(child, depth + 1);
    }
  };
  visit(documents, 0);
  return byId;
}
