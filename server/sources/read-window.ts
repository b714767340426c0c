// What every reader does with the events it found: keep those from today (Madrid) to the horizon,
// one per identity, the earliest first and at most maxEvents; list why the others were left.
import { addDays, madridDateTime } from '../lib/time.js';
import {
  DEFAULT_HORIZON_DAYS,
  DEFAULT_MAX_EVENTS,
  MAX_SKIPPED_LISTED,
  type ImportedEvent,
  type ReadOptions,
  type ReadResult,
  type SkipReason,
  type SkippedEvent,
} from './imported-event.js';
import { boundedKey } from './text.js';

function wholeAtLeast(value: number | undefined, fallback: number, min: number): number {
  if (value === undefined || !Number.isFinite(value)) return fallback;
  return Math.max(min, Math.floor(value));
}

export class EventCollector {
  readonly today: string;
  readonly lastDay: string;
  readonly maxEvents: number;
  private readonly events: ImportedEvent[] = [];
  private readonly skipped: SkippedEvent[] = [];
  private skippedCount = 0;

  constructor(options: ReadOptions) {
    this.today = madridDateTime(options.now).day;
    this.lastDay = addDays(this.today, wholeAtLeast(options.horizonDays, DEFAULT_HORIZON_DAYS, 0));
    this.maxEvents = wholeAtLeast(options.maxEvents, DEFAULT_MAX_EVENTS, 0);
  }

  /** Why a day is outside [today, today + horizon], or null inside it. */
  outside(day: string): 'past' | 'beyond-horizon' | null {
    if (day < this.today) return 'past';
    if (day > this.lastDay) return 'beyond-horizon';
    return null;
  }

  /** How many events are kept so far (before duplicates and the cap). */
  get found(): number {
    return this.events.length;
  }

  add(event: ImportedEvent): void {
    const outside = this.outside(event.day);
    if (outside) this.skip(event.key, event.name, outside);
    else this.events.push(event);
  }

  skip(key: string | null, name: string | null, reason: SkipReason): void {
    this.skippedCount += 1;
    if (this.skipped.length < MAX_SKIPPED_LISTED) this.skipped.push({ key, name, reason });
  }

  result(): ReadResult {
    const events = distinctKeys(this.events).sort(byStart);
    for (const event of events.slice(this.maxEvents))
      this.skip(event.key, event.name, 'over-limit');
    return {
      events: events.slice(0, this.maxEvents),
      skipped: this.skipped,
      skippedCount: this.skippedCount,
    };
  }
}

function byStart(a: ImportedEvent, b: ImportedEvent): number {
  if (a.day !== b.day) return a.day < b.day ? -1 : 1;
  const hourA = a.hour ?? '';
  const hourB = b.hour ?? '';
  if (hourA !== hourB) return hourA < hourB ? -1 : 1;
  return a.key < b.key ? -1 : a.key > b.key ? 1 : 0;
}

const sameEvent = (event: ImportedEvent) => `${event.day}T${event.hour ?? ''}|${event.name}`;

/**
 * One event per key. The same event twice (same key, day, hour and name: a page that shows it in a
 * list and again on its own) is kept once. Different events under one key (a listing whose every
 * event gives the listing's own address as its url, a feed that reuses a UID) are all kept, each
 * keyed by the shared key plus its start and name, so that none hides another.
 */
function distinctKeys(events: ImportedEvent[]): ImportedEvent[] {
  const byKey = new Map<string, ImportedEvent[]>();
  for (const event of events) {
    const group = byKey.get(event.key);
    if (group) group.push(event);
    else byKey.set(event.key, [event]);
  }
  const out: ImportedEvent[] = [];
  for (const group of byKey.values()) {
    const distinct = new Map<string, ImportedEvent>();
    for (const event of group)
      if (!distinct.has(sameEvent(event))) distinct.set(sameEvent(event), event);
    if (distinct.size === 1) {
      out.push(group[0] as ImportedEvent);
      continue;
    }
    for (const [signature, event] of distinct) {
      out.push({ ...event, key: boundedKey(`${event.key}|${signature}`) });
    }
  }
  return out;
}
