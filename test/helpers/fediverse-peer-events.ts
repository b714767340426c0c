// The Events a fediverse peer publishes (fediverse-peer.ts), shaped as Gancio sends them: local
// times with their offset, a Place with a name and an address, hashtags, an image attachment.

export interface EventFields {
  name: string;
  content?: string;
  /** ISO 8601 with its offset, as Gancio sends it: '2025-07-12T21:30:00+02:00'. */
  startTime: string;
  endTime?: string;
  /** `address` a string (Gancio) or a schema.org PostalAddress's fields (Mobilizon). */
  location?: { name: string; address?: string | Record<string, string> };
  /** The event's page; its id by default (which serves HTML to browsers). */
  url?: string;
  image?: { url: string; mediaType?: string; name?: string };
  tags?: string[];
}

const CONTEXT = [
  'https://www.w3.org/ns/activitystreams',
  'https://w3id.org/security/v1',
  {
    // What Mobilizon adds so that JSON-LD readers see the address at all.
    sc: 'http://schema.org#',
    address: { '@id': 'sc:address' },
    PostalAddress: 'sc:PostalAddress',
    streetAddress: 'sc:streetAddress',
    addressLocality: 'sc:addressLocality',
    postalCode: 'sc:postalCode',
    addressRegion: 'sc:addressRegion',
    addressCountry: 'sc:addressCountry',
    toot: 'http://joinmastodon.org/ns#',
    Hashtag: 'as:Hashtag',
  },
];

export interface EventDocument {
  fields: EventFields;
  json: Record<string, unknown>;
  html: string;
  /** The activity that announces it to followers. */
  activity: (type: 'Create' | 'Update' | 'Delete') => Record<string, unknown>;
}

export function eventDocument(
  origin: string,
  as: string,
  path: string,
  fields: EventFields,
  published = new Date().toISOString(),
): EventDocument {
  const id = `${origin}${path}`;
  const actor = `${origin}/users/${as}`;
  const addressing = {
    to: ['https://www.w3.org/ns/activitystreams#Public'],
    cc: [`${actor}/followers`],
  };
  const { address } = fields.location ?? {};
  const json: Record<string, unknown> = {
    '@context': CONTEXT,
    id,
    type: 'Event',
    name: fields.name,
    content: fields.content ?? '',
    startTime: fields.startTime,
    ...(fields.endTime ? { endTime: fields.endTime } : {}),
    ...(fields.location
      ? {
          location: {
            type: 'Place',
            name: fields.location.name,
            ...(typeof address === 'object'
              ? { address: { type: 'PostalAddress', ...address } }
              : { address }),
          },
        }
      : {}),
    url: fields.url ?? id,
    attachment: fields.image
      ? [
          {
            type: 'Document',
            mediaType: fields.image.mediaType ?? 'image/jpeg',
            name: fields.image.name ?? null,
            url: fields.image.url,
          },
        ]
      : [],
    tag: (fields.tags ?? []).map((tag) => ({
      type: 'Hashtag',
      name: `#${tag}`,
      href: `${origin}/tag/${tag}`,
    })),
    published,
    updated: new Date().toISOString(),
    attributedTo: actor,
    ...addressing,
  };
  const html = `<!doctype html><title>${fields.name}</title><h1>${fields.name}</h1><p>${fields.startTime}</p>`;
  // The embedded object carries no @context of its own.
  const { '@context': _context, ...embedded } = json;
  const tombstone = {
    id,
    type: 'Tombstone',
    formerType: 'Event',
    deleted: new Date().toISOString(),
  };
  return {
    fields,
    json,
    html,
    activity: (type) => ({
      '@context': CONTEXT,
      id: `${id}#${type.toLowerCase()}-${crypto.randomUUID()}`,
      type,
      actor,
      object: type === 'Delete' ? tombstone : embedded,
      ...addressing,
    }),
  };
}
