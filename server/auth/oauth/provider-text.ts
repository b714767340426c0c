// Text that Google or Spotify send about a person (a display name, artist names): the person typed
// it there, so it may hold anything. Refusing it would refuse the sign-in; it is cleaned instead.
import { CONTROL_CHARACTERS } from '../../../common/text/limits.js';

const CONTROL_CHARACTERS_ALL = new RegExp(CONTROL_CHARACTERS.source, 'g');

/** Without control characters (PostgreSQL refuses NUL in text) and trimmed. */
export const withoutControlCharacters = (value: string) =>
  value.replace(CONTROL_CHARACTERS_ALL, '').trim();

/** A provider's name for the profile: cleaned, at most `max` characters, blank as null. */
export function providerName(value: string | null | undefined, max: number): string | null {
  if (!value) return null;
  const clean = withoutControlCharacters(value);
  // Whole characters: cutting between the halves of an emoji would leave a lone surrogate.
  const cut = clean.length > max ? Array.from(clean).slice(0, max).join('') : clean;
  return cut || null;
}
