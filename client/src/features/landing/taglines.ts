import type { MessageId } from '@common/i18n/catalogues';

/** Playful sign-up nudges (`tagline.0` to `tagline.9` in the catalogues); each slide shows one. */
const TAGLINE_COUNT = 10;

export const taglineId = (index: number) => `tagline.${index % TAGLINE_COUNT}` as MessageId;

/** A random tagline index, different from `current` so consecutive slides never repeat one. */
export function randomTaglineIndex(current?: number): number {
  if (current === undefined) return Math.floor(Math.random() * TAGLINE_COUNT);
  const offset = 1 + Math.floor(Math.random() * (TAGLINE_COUNT - 1));
  return (current + offset) % TAGLINE_COUNT;
}
