// The agenda's concert data (fields and bands) is the same for every fan; only the fan's own row
// differs. The catalog keeps each upcoming concert's JSON, pre-serialised once per language (its
// descriptions differ), so an agenda request runs one small SQL statement and concatenates strings
// instead of aggregating bands and serialising 300 concerts every time.
//
// Freshness: concerts this instance has not seen are loaded at once; writes through this instance
// call invalidate(), and so does the change feed's 'concerts' notice for writes anywhere
// (server/cache; a like is a 'likes' notice and leaves the catalog alone: like counts are not in
// it). While the feed is live it vouches for the catalog, which is then kept until told; without a
// live feed, edits made through another instance show up here within TTL_MS.
import type { AgendaConcertDto } from '../../common/concerts/types.js';
import { DEFAULT_LOCALE, LOCALES, type Locale } from '../../common/i18n/locales.js';
import type { ChangeFeed } from '../cache/change-feed.js';
import type { Database } from '../db/database.js';
import { findConcertDetails } from './agenda.repository.js';
import { toConcertDetailsDto } from './agenda.dto.js';

const TTL_MS = 30_000;

type ConcertDetails = Omit<AgendaConcertDto, 'recommendation'>;

type JsonByLocale = Record<Locale, Map<number, string>>;
const emptyJson = (): JsonByLocale => ({ es: new Map(), ca: new Map() });

export class AgendaCatalog {
  private json = emptyJson();
  private loadedAt = 0;
  private versionValue = 0;

  constructor(
    private readonly db: Database,
    private readonly feed?: ChangeFeed,
    private readonly now: () => number = Date.now,
  ) {
    feed?.on('concerts', () => this.invalidate());
  }

  /** Changes whenever the catalog is dropped: agenda responses built before are outdated. */
  get version(): number {
    return this.versionValue;
  }

  invalidate(): void {
    // New maps: requests in flight keep the one they were given.
    this.json = emptyJson();
    this.versionValue += 1;
  }

  /**
   * Each concert's JSON in that language without its closing brace, ready for the recommendation,
   * and the catalog version it belongs to.
   */
  async openJson(
    ids: number[],
    locale: Locale = DEFAULT_LOCALE,
  ): Promise<{ json: Map<number, string>; version: number }> {
    // Expiring the catalog also voids every kept agenda (its version moves): only without the feed.
    if (!this.feed?.live && this.now() - this.loadedAt > TTL_MS) this.invalidate();
    // These maps and version, even if an invalidation comes while the missing ones load.
    const { json, versionValue: version } = this;
    // Both languages are made from the same row: either map tells what is missing.
    const missing = ids.filter((id) => !json[locale].has(id));
    if (missing.length > 0) {
      if (json[locale].size === 0) this.loadedAt = this.now();
      const rows = await findConcertDetails(this.db, missing);
      for (const row of rows) {
        for (const each of LOCALES)
          json[each].set(row.id, openObject(toConcertDetailsDto(row, each)));
      }
    }
    return { json: json[locale], version };
  }
}

function openObject(details: ConcertDetails): string {
  return JSON.stringify(details).slice(0, -1);
}
