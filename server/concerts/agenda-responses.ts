// Finished agenda answers, gzipped, per fan (and one for all visitors), so a fan who opens the
// agenda again while nothing changed costs no query, no JSON and no compression.
//
// An answer is reused only while all of these hold: the change feed is live and has not reported a
// change to this fan's recommendation rows or to any concert, band or like count (server/cache);
// the catalog it was built from is current; and its earliest concert is still upcoming (time
// passing only ever removes concerts from the front of the list). An agenda still being scored is
// never kept: it changes with every batch.
import { createHash } from 'node:crypto';
import type { Response } from 'express';
import { promisify } from 'node:util';
import { gzip } from 'node:zlib';
import type { ChangeFeed } from '../cache/change-feed.js';
import { watchedCache } from '../cache/local-cache.js';
import type { AgendaStateRow } from './agenda.repository.js';

const gzipAsync = promisify(gzip);

const TTL_MS = 5 * 60_000;
/** About 2,000 fans' agendas of 300 concerts. */
const MAX_BYTES = 64 * 1024 * 1024;

export interface AgendaResponse {
  gzipped: Buffer;
  etag: string;
  catalogVersion: number;
  /** starts_at of the first concert, or null for an empty agenda. */
  firstStartsAt: string | null;
}

export class AgendaResponses {
  private readonly cache;

  constructor(feed: ChangeFeed | undefined) {
    this.cache = watchedCache<AgendaResponse>(feed, 'agenda', {
      ttlMs: TTL_MS,
      maxSize: MAX_BYTES,
      sizeOf: (response) => response.gzipped.length,
    });
    feed?.on('concerts', () => this.cache.forget('*'));
  }

  /** The epoch to hand to keep(): read it before reading the database. */
  get epoch(): number {
    return this.cache.epoch;
  }

  /** The kept answer, if still right for this catalog version and this cutoff (upcoming.ts). */
  find(userId: string | undefined, catalogVersion: number, cutoff: { day: string; time: string }) {
    const response = this.cache.get(userId ?? '');
    if (!response || response.catalogVersion !== catalogVersion) return undefined;
    const { firstStartsAt } = response;
    if (firstStartsAt !== null && firstStartsAt < `${cutoff.day}T${cutoff.time}`) return undefined;
    return response;
  }

  /** Gzips the body, and keeps it when the agenda is complete and nothing changed meanwhile. */
  async keep(
    userId: string | undefined,
    rows: AgendaStateRow[],
    json: string,
    catalogVersion: number,
    epochAtRead: number,
  ): Promise<AgendaResponse> {
    const gzipped = await gzipAsync(json);
    const response: AgendaResponse = {
      gzipped,
      etag: `"${createHash('sha1').update(gzipped).digest('base64url')}"`,
      catalogVersion,
      firstStartsAt: rows[0]?.starts_at ?? null,
    };
    const pending = userId !== undefined && rows.some((row) => row.score === null);
    if (!pending) this.cache.set(userId ?? '', response, epochAtRead);
    return response;
  }
}

/** Already compressed: the compression middleware leaves a response with Content-Encoding alone. */
export function sendGzipped(res: Response, response: AgendaResponse): void {
  res.set({ 'Content-Encoding': 'gzip', Vary: 'Accept-Encoding', ETag: response.etag });
  res.send(response.gzipped);
}
