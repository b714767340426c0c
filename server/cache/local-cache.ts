// An instance-local cache of values read from the database, kept correct by the ChangeFeed:
// it answers only while the feed is live, drops what the feed says changed, refuses values whose
// read overlapped a change to the same key (or a forget of everything), and forgets everything
// after TTL as a last line of defence.
//
// The refusal is per key: with notices arriving several times a second (likes, thumbs, other fans'
// sessions), refusing every value read while ANY notice arrived kept many agendas from being kept
// at all, although the notice was about someone else.
import { cacheLookups } from '../lib/metrics.js';
import type { ChangeFeed, ChangeKind } from './change-feed.js';

export interface LocalCacheOptions<V> {
  ttlMs: number;
  /** The oldest entries are dropped beyond this total size. */
  maxSize: number;
  /** Size of one value in the unit of maxSize (default 1: maxSize counts entries). */
  sizeOf?: (value: V) => number;
  /** The cache's name in cm_cache_lookups_total. */
  name?: string;
}

/** Beyond this many remembered forgets, they are dropped and counted as a forget of everything. */
const MAX_REMEMBERED_FORGETS = 10_000;

interface Entry<V> {
  value: V;
  expiresAt: number;
  size: number;
}

export class LocalCache<V> {
  private entries = new Map<string, Entry<V>>();
  private totalSize = 0;
  /** The feed's epoch when each key was last forgotten, for set() to refuse overlapping reads. */
  private forgottenAt = new Map<string, number>();
  /** The feed's epoch at the last forget of everything. */
  private forgotAllAt = 0;

  constructor(
    private readonly feed: ChangeFeed | undefined,
    private readonly options: LocalCacheOptions<V>,
    private readonly now: () => number = Date.now,
  ) {}

  /** The epoch to pass to set(): read it before reading the database. */
  get epoch(): number {
    return this.feed?.epoch ?? 0;
  }

  get(key: string): V | undefined {
    const value = this.peek(key);
    // Counted only while the feed is live: with caching off there is nothing to hit.
    if (this.feed?.live)
      cacheLookups.inc({
        cache: this.options.name ?? 'other',
        result: value === undefined ? 'miss' : 'hit',
      });
    return value;
  }

  /** get() without counting a lookup: for a writer that adds to what is kept. */
  peek(key: string): V | undefined {
    if (!this.feed?.live) return undefined;
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    if (entry.expiresAt <= this.now()) {
      this.delete(key);
      return undefined;
    }
    return entry.value;
  }

  /**
   * Keeps `value` unless the feed is down or `key` (or everything) was forgotten since
   * `epochAtRead`: the read may then have seen the database before a change whose notice has
   * already been handled.
   */
  set(key: string, value: V, epochAtRead: number, expiresAt = Infinity): void {
    if (!this.feed?.live || this.overlapsForget(key, epochAtRead)) return;
    const size = this.options.sizeOf?.(value) ?? 1;
    if (size > this.options.maxSize) return;
    this.delete(key);
    this.entries.set(key, {
      value,
      size,
      expiresAt: Math.min(expiresAt, this.now() + this.options.ttlMs),
    });
    this.totalSize += size;
    // A Map iterates in insertion order: the first keys are the oldest.
    for (const [oldKey] of this.entries) {
      if (this.totalSize <= this.options.maxSize) break;
      this.delete(oldKey);
    }
  }

  delete(key: string): void {
    const entry = this.entries.get(key);
    if (!entry) return;
    this.entries.delete(key);
    this.totalSize -= entry.size;
  }

  /** '*' forgets everything; the handler shape of ChangeFeed.on(). */
  forget(key: string): void {
    const epoch = this.epoch;
    if (key === '*' || this.forgottenAt.size >= MAX_REMEMBERED_FORGETS) {
      this.forgotAllAt = epoch;
      this.forgottenAt.clear();
    }
    if (key === '*') {
      this.entries.clear();
      this.totalSize = 0;
    } else {
      this.forgottenAt.set(key, epoch);
      this.delete(key);
    }
  }

  private overlapsForget(key: string, epochAtRead: number): boolean {
    const feed = this.feed;
    if (!feed || epochAtRead < feed.wipeEpoch || epochAtRead < this.forgotAllAt) return true;
    return (this.forgottenAt.get(key) ?? -1) > epochAtRead;
  }
}

/** A cache that forgets what the feed reports for `kind`. */
export function watchedCache<V>(
  feed: ChangeFeed | undefined,
  kind: ChangeKind,
  options: LocalCacheOptions<V>,
): LocalCache<V> {
  const cache = new LocalCache<V>(feed, { name: kind, ...options });
  feed?.on(kind, (key) => cache.forget(key));
  return cache;
}
