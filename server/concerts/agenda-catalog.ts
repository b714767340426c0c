// The agenda's concert data (fields and bands) is the same for every fan; only like counts and the
// fan's own row differ. The catalog keeps each upcoming concert's JSON, pre-serialised, so an
// agenda request runs one small SQL statement and concatenates strings instead of aggregating
// bands and serialising 300 concerts every time.
//
// Freshness: concerts this instance has not seen are loaded at once; writes through this instance
// call invalidate(); edits made through another instance show up here within TTL_MS.
import type { ConcertDto } from '../../common/dto.js';
import type { Database } from '../db/database.js';
import { findConcertDetails } from './agenda.repository.js';
import { toConcertDetailsDto } from './agenda.dto.js';

const TTL_MS = 30_000;

type ConcertDetails = Omit<ConcertDto, 'likeCount' | 'recommendation'>;

export class AgendaCatalog {
  private json = new Map<number, string>();
  private loadedAt = 0;

  constructor(
    private readonly db: Database,
    private readonly now: () => number = Date.now,
  ) {}

  invalidate(): void {
    // A new map: requests in flight keep the one they were given.
    this.json = new Map();
  }

  /** Each concert's JSON without its closing brace, ready for likeCount and recommendation. */
  async openJson(ids: number[]): Promise<Map<number, string>> {
    if (this.now() - this.loadedAt > TTL_MS) this.invalidate();
    const missing = ids.filter((id) => !this.json.has(id));
    if (missing.length > 0) {
      if (this.json.size === 0) this.loadedAt = this.now();
      const rows = await findConcertDetails(this.db, missing);
      for (const row of rows) this.json.set(row.id, openObject(toConcertDetailsDto(row)));
    }
    return this.json;
  }
}

function openObject(details: ConcertDetails): string {
  return JSON.stringify(details).slice(0, -1);
}
