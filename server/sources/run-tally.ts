// What a run counts: every event found ends in exactly one of created, updated, unchanged,
// waiting or skipped, and each skip keeps its reason (with the names of the first few).
import type { Json } from '../db/schema.js';
import type { SkippedEvent } from './imported-event.js';

/** Names kept per reason, to show the admin what was skipped. */
const EXAMPLES = 3;

export type Outcome =
  { kind: 'created' | 'updated' | 'unchanged' | 'waiting' } | { kind: 'skipped'; reason: string };

export interface SkippedReason {
  count: number;
  examples: string[];
}

export class RunTally {
  found = 0;
  created = 0;
  updated = 0;
  unchanged = 0;
  waiting = 0;
  skipped = 0;
  reasons: Record<string, SkippedReason> = {};

  add(outcome: Outcome, name: string | null): void {
    this.found += 1;
    if (outcome.kind === 'skipped') this.skip(outcome.reason, name);
    else this[outcome.kind] += 1;
  }

  /** What the reader skipped: listed ones with their reason, the rest it only counted. */
  addSkippedByReader(listed: SkippedEvent[], count: number): void {
    for (const event of listed) this.add({ kind: 'skipped', reason: event.reason }, event.name);
    for (let left = count - listed.length; left > 0; left -= 1) {
      this.add({ kind: 'skipped', reason: 'other' }, null);
    }
  }

  /** Everything the source had was as before (it answered 304). */
  addUnchanged(count: number): void {
    this.found += count;
    this.unchanged += count;
  }

  private skip(reason: string, name: string | null): void {
    this.skipped += 1;
    const entry = (this.reasons[reason] ??= { count: 0, examples: [] });
    entry.count += 1;
    if (name && entry.examples.length < EXAMPLES) entry.examples.push(name);
  }

  get skippedOverLimit(): boolean {
    return (this.reasons['over-limit']?.count ?? 0) > 0 || (this.reasons.other?.count ?? 0) > 0;
  }

  counts() {
    return {
      found: this.found,
      created: this.created,
      updated: this.updated,
      unchanged: this.unchanged,
      waiting: this.waiting,
      skipped: this.skipped,
      skipped_reasons: this.reasons as unknown as Json,
    };
  }
}
