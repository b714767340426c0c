// Reads the AI's answer: one 'Concert ID; Rating; Reason' line per concert. Models decorate their
// lines (bullets, numbering, "ID:", bold), so those are tolerated; anything else is ignored rather
// than guessed, and a concert the answer leaves out is completed with a fixed default.
import { SCORES, type Score } from '../../common/genres/genres.js';
import { DEFAULT_LOCALE, type Locale } from '../../common/i18n/locales.js';
import { textsIn } from '../i18n/intl.js';

export interface Rating {
  score: Score;
  reason: string;
}

/** The reason given for a concert the AI did not rate, in the fan's language. */
export const pendingReason = (locale: Locale = DEFAULT_LOCALE) =>
  textsIn(locale)('recommendation.pending');

/** Reasons are shown on a card: a runaway answer must not fill it. */
const MAX_REASON_LENGTH = 300;

// [bullet or "1." / "2)"] [Concert] [ID][:#] <id> ; <rating> ; <reason, may contain ';'>
const LINE =
  /^\s*(?:[-*•]\s*|\d+[.)]\s+)?(?:concert\s*)?(?:id\s*)?[:#]?\s*(\d+)\s*;\s*([^;]*?)\s*;(.*)$/i;

const isScore = (value: string): value is Score => (SCORES as readonly string[]).includes(value);

function cleanReason(raw: string): string {
  const reason = raw.trim().replace(/\s+/g, ' ');
  if (reason.length <= MAX_REASON_LENGTH) return reason;
  return `${reason.slice(0, MAX_REASON_LENGTH - 1).trimEnd()}…`;
}

/** The ratings the answer gives for concerts of this batch; the first line for an id wins. */
export function parseAnswer(text: string, concertIds: number[]): Map<number, Rating> {
  const wanted = new Set(concertIds);
  const ratings = new Map<number, Rating>();
  for (const line of text.split(/\r?\n/)) {
    const match = LINE.exec(line);
    if (!match) continue;
    const id = Number(match[1]);
    // LINE's three groups are not optional: a match always has them.
    // "**High**" or "`high`": the word is what counts.
    const score = match[2]!.replace(/[*_`"'“”]/g, '').toLowerCase();
    const reason = cleanReason(match[3]!);
    if (!wanted.has(id) || ratings.has(id) || !isScore(score) || reason === '') continue;
    ratings.set(id, { score, reason });
  }
  return ratings;
}

/** Every concert of the batch, in batch order: the ones the AI skipped are low and pending. */
export function completeAnswer(
  parsed: Map<number, Rating>,
  concertIds: number[],
  locale?: Locale,
): Map<number, Rating> {
  const pending = { score: 'low', reason: pendingReason(locale) } as const;
  return new Map(concertIds.map((id) => [id, parsed.get(id) ?? pending]));
}
