// Finished agenda answers per fan (and one for all visitors), per language (the descriptions
// differ), ready to send: gzipped for clients that take gzip, and the plain JSON bytes for those
// that do not (curl, scripts, some proxies), so a fan who opens the agenda again while nothing
// changed costs no query, no JSON and no compression, whatever the client. Each form and language
// is kept only once a client asked for it.
//
// An answer is reused only while all of these hold: the change feed is live and has not reported a
// change to this fan's recommendation rows or to any concert, band or venue (server/cache); the
// catalog it was built from is current; and its earliest concert is still upcoming (time passing
// only ever removes concerts from the front of the list). An agenda still being scored is never
// kept: it changes with every batch.
//
// Like counts are not in it: they change with every fan's like, so a kept answer holding them
// would hardly live under load. A fan's own like still voids
// their answer, since their row's `liked` changed ('agenda:<fan>', and forget-own-writes.ts on
// this instance).
import { createHash } from 'node:crypto';
import type { Response } from 'express';
import { promisify } from 'node:util';
import { gzip } from 'node:zlib';
import { PAGE_LANG_HEADER, type Locale } from '../../common/i18n/locales.js';
import type { ChangeFeed } from '../cache/change-feed.js';
import { watchedCache, type LocalCache } from '../cache/local-cache.js';
import type { AgendaStateRow } from './agenda.repository.js';

const gzipAsync = promisify(gzip);

const TTL_MS = 5 * 60_000;
/** Per form: about 4,000 fans' gzipped agendas of 300 concerts (14 KB), or 350 plain ones (170 KB). */
const MAX_BYTES = 64 * 1024 * 1024;

export type AgendaEncoding = 'gzip' | 'identity';

export interface AgendaResponse {
  body: Buffer;
  encoding: AgendaEncoding;
  etag: string;
  catalogVersion: number;
  /** starts_at of the first concert, or null for an empty agenda. */
  firstStartsAt: string | null;
}

/** What keep() needs from before the database was read. */
export interface AgendaReadStart {
  epoch: number;
}

/** Whose agenda (a fan's, or the visitors' with no userId), in which language. */
export interface AgendaReader {
  userId: string | undefined;
  locale: Locale;
}

/**
 * One fan's (or the visitors') kept answers, one per language: a single entry per fan, so the
 * change feed's 'agenda:<fan>' forgets them all and the size budget counts them together.
 */
type KeptAnswers = Partial<Record<Locale, AgendaResponse>>;

export class AgendaResponses {
  private readonly caches: Record<AgendaEncoding, LocalCache<KeptAnswers>>;

  constructor(feed: ChangeFeed | undefined) {
    const options = {
      ttlMs: TTL_MS,
      maxSize: MAX_BYTES,
      sizeOf: (answers: KeptAnswers) =>
        Object.values(answers).reduce((size, response) => size + response.body.length, 0),
    };
    this.caches = {
      gzip: watchedCache<KeptAnswers>(feed, 'agenda', options),
      identity: watchedCache<KeptAnswers>(feed, 'agenda', options),
    };
    feed?.on('concerts', () => {
      this.caches.gzip.forget('*');
      this.caches.identity.forget('*');
    });
  }

  /** Read before reading the database; hand it to keep(). */
  readStart(): AgendaReadStart {
    return { epoch: this.caches.gzip.epoch };
  }

  /** The kept answer, if still right for this catalog version and this cutoff (upcoming.ts). */
  find(
    reader: AgendaReader,
    encoding: AgendaEncoding,
    catalogVersion: number,
    cutoff: { day: string; time: string },
  ): AgendaResponse | undefined {
    const response = this.caches[encoding].get(reader.userId ?? '')?.[reader.locale];
    if (!response || response.catalogVersion !== catalogVersion) return undefined;
    const { firstStartsAt } = response;
    if (firstStartsAt !== null && firstStartsAt < `${cutoff.day}T${cutoff.time}`) return undefined;
    return response;
  }

  /** Encodes the body, and keeps it when the agenda is complete and nothing changed meanwhile. */
  async keep(
    { userId, locale }: AgendaReader,
    encoding: AgendaEncoding,
    rows: AgendaStateRow[],
    json: string,
    catalogVersion: number,
    start: AgendaReadStart,
  ): Promise<AgendaResponse> {
    const response: AgendaResponse = {
      ...(await encodeKept(json, encoding)),
      catalogVersion,
      firstStartsAt: rows[0]?.starts_at ?? null,
    };
    const pending =
      userId !== undefined && rows.some((row) => row.score === null && !row.cancelled);
    if (!pending) {
      const cache = this.caches[encoding];
      const key = userId ?? '';
      // Beside the other language's, if kept (a forget since removed it: nothing stale rides along).
      cache.set(key, { ...cache.peek(key), [locale]: response }, start.epoch);
    }
    return response;
  }
}

/** The bytes of a kept answer in that encoding, and their ETag. */
export async function encodeKept(
  json: string,
  encoding: AgendaEncoding,
): Promise<Pick<AgendaResponse, 'body' | 'encoding' | 'etag'>> {
  const body = encoding === 'gzip' ? await gzipAsync(json) : Buffer.from(json);
  // Hashes of different bytes: the gzipped and the plain form never share an ETag.
  return { body, encoding, etag: `"${createHash('sha1').update(body).digest('base64url')}"` };
}

/**
 * The agenda depends on who asks (session) and in which language (cookie, Accept-Language, the
 * calling page's X-Page-Lang).
 */
export const AGENDA_VARY = `Accept-Encoding, Cookie, Accept-Language, ${PAGE_LANG_HEADER}`;

/**
 * A kept answer as it is. The compression middleware leaves a response with Content-Encoding
 * alone, and does not compress for a client that did not ask for it.
 */
export function sendKept(
  res: Response,
  response: Pick<AgendaResponse, 'body' | 'encoding' | 'etag'>,
  vary = 'Accept-Encoding',
): void {
  res.set({ Vary: vary, ETag: response.etag });
  if (response.encoding === 'gzip') res.set('Content-Encoding', 'gzip');
  res.send(response.body);
}
