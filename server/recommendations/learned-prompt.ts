// What the fan taught us, as lines of the AI's prompt (prompt.ts), beside what they declared. The
// rules the lines follow are in the system prompt; keep-to-rules.ts holds the answer to them.
import type { LearnedTastes } from './learned-types.js';

/** Lessons told at most: the prompt stays small whatever a fan did. */
const MAX_LESSONS = 20;

export function learnedLines(
  learned: LearnedTastes | undefined,
  clean: (text: string) => string,
): string[] {
  if (!learned) return [];
  const lines: string[] = [];
  const genres = [...learned.genresDown.values()].slice(0, MAX_LESSONS);
  const bands = [...learned.bandsUp.values()].slice(0, MAX_LESSONS);
  if (genres.length > 0) {
    const list = genres.map((fact) => `${clean(fact.label)} (${fact.signals} 👎)`).join(', ');
    lines.push(`- Aprendido: géneros que no le convencen del todo: ${list}`);
  }
  if (bands.length > 0) {
    const list = bands
      .map((fact) => `${clean(fact.label)} (le gustaron ${fact.signals} conciertos)`)
      .join(', ');
    lines.push(`- Aprendido: bandas que le gustan: ${list}`);
  }
  return lines;
}
