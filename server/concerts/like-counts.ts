// The like counts and the going counts ("Voy": how many, never who) of the upcoming concerts, one
// small answer for everyone (GET /api/concerts/likes), kept apart from each fan's agenda: they
// change with every fan's like, and inside the agendas every like anywhere would make every kept
// agenda stale.
//
// The kept answer is current while no 'likes' or 'concerts' notice came since its read; after one,
// it keeps serving for at most MAX_STALE_MS, so a storm of likes costs at most one small query per
// MAX_STALE_MS, and concurrent requests share one build. A like or "Voy" made through this
// instance voids the kept answer at once (forget), so the fan sees their count even after a
// reload; through another instance, it shows within MAX_STALE_MS of the notice ('likes' covers
// both counts, migration 0110). Without a live change feed nothing is kept.
import type { ChangeFeed } from '../cache/change-feed.js';
import type { Database } from '../db/database.js';
import type { Clock } from '../lib/time.js';
import { encodeKept, type AgendaEncoding } from './agenda-responses.js';
import { findUpcomingCounts, type ConcertCountsRow } from './like-counts.repository.js';
import { upcomingCutoff } from './upcoming.js';

export const LIKE_COUNTS_PATH = '/api/concerts/likes';

/** How long another fan's like may take to show in the counts, at most. */
export const MAX_STALE_MS = 250;
/** Concerts that passed drop out of the answer at least this often. */
const TTL_MS = 60_000;

interface KeptCounts {
  body: Buffer;
  encoding: AgendaEncoding;
  etag: string;
  version: number;
  readAt: number;
}

export class LikeCounts {
  private version = 0;
  private kept: Partial<Record<AgendaEncoding, KeptCounts>> = {};
  private building: Partial<Record<AgendaEncoding, Promise<KeptCounts>>> = {};

  constructor(
    private readonly db: Database,
    private readonly feed: ChangeFeed | undefined,
    private readonly clock: Clock,
  ) {
    const moved = () => {
      this.version += 1;
    };
    feed?.on('likes', moved);
    feed?.on('concerts', moved); // concerts added, removed or moved in time
  }

  /** A like or "Voy" through this instance: the next request reads the counts again. */
  forget(): void {
    this.version += 1;
    this.kept = {};
    this.building = {};
  }

  /** The kept answer while it may still be served, else undefined. */
  find(encoding: AgendaEncoding): KeptCounts | undefined {
    const kept = this.kept[encoding];
    if (!kept || !this.feed?.live) return undefined;
    const age = this.clock().getTime() - kept.readAt;
    if (age >= TTL_MS) return undefined;
    if (kept.version !== this.version && age >= MAX_STALE_MS) return undefined;
    return kept;
  }

  async answer(encoding: AgendaEncoding): Promise<KeptCounts> {
    const found = this.find(encoding);
    if (found) return found;
    const building = this.building[encoding] ?? this.build(encoding);
    this.building[encoding] = building;
    try {
      return await building;
    } finally {
      if (this.building[encoding] === building) delete this.building[encoding];
    }
  }

  private async build(encoding: AgendaEncoding): Promise<KeptCounts> {
    // Read before the query: a like during it leaves this answer stale, never wrongly current.
    const version = this.version;
    const readAt = this.clock().getTime();
    const rows = await findUpcomingCounts(this.db, upcomingCutoff(this.clock));
    const json = JSON.stringify({
      likeCounts: nonZero(rows, 'like_count'),
      goingCounts: nonZero(rows, 'going_count'),
    });
    const kept: KeptCounts = { ...(await encodeKept(json, encoding)), version, readAt };
    if (this.feed?.live) this.kept[encoding] = kept;
    return kept;
  }
}

/** Concert id → the count in `column`, for the rows where it is not 0. */
const nonZero = (rows: ConcertCountsRow[], column: 'like_count' | 'going_count') =>
  Object.fromEntries(rows.filter((row) => row[column] > 0).map((row) => [row.id, row[column]]));
