// Writes the missing short or long descriptions, in Spanish and in Catalan, and stores each as soon
// as it is ready. Run inline by the admin's request: only the texts concerts lack are written
// (usually those of the few added since the last run), four concerts at a time and one text of a
// concert after the other, each AI call capped by OPENAI_TIMEOUT_MS.
import type { Database } from '../db/database.js';
import {
  findConcertsLacking,
  saveDescription,
  type DescriptionLength,
} from './concerts-to-describe.repository.js';
import type { DescriptionWriter } from './openai-writer.js';

const CONCURRENCY = 4;

/** How far a pass got: concerts lacking a description, and those described so far (any text). */
export interface DescriptionTally {
  total: number | null;
  done: number;
}

/** Answers how many were written; `tally` follows the pass, so a failed one still tells. */
export async function generateDescriptions(
  deps: { db: Database; writer: DescriptionWriter },
  length: DescriptionLength,
  tally: DescriptionTally = { total: null, done: 0 },
): Promise<number> {
  const concerts = await findConcertsLacking(deps.db, length);
  tally.total = concerts.length;
  let next = 0;
  const worker = async () => {
    while (next < concerts.length) {
      const concert = concerts[next++]!;
      let stored = false;
      for (const locale of concert.missing) {
        const text = await deps.writer.write(concert, length, locale);
        if (await saveDescription(deps.db, concert.id, length, locale, text)) stored = true;
      }
      if (stored) tally.done += 1;
    }
  };
  await Promise.all(Array.from({ length: Math.min(CONCURRENCY, concerts.length) }, worker));
  return tally.done;
}
