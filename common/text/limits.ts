// Rules of any text that comes in, without zod, so light client screens can use them without the
// library: control characters, well-formed UTF-16, UTF-8 size, email addresses.
import type { MessageId } from '../i18n/catalogues.js';

/** RFC 5321's limit for a path: longer input is refused before any pattern runs. */
export const EMAIL_MAX = 254;

// Messages are catalogue ids (common/i18n/), worded in the reader's language where they are shown.
export const FORBIDDEN_CHARACTERS: MessageId = 'error.text.forbiddenCharacters';

/**
 * The message of an issue our schemas give none for, passed to every parse as its `error`: zod's
 * own would be in one language only, and name types rather than fields.
 */
export const unwordedIssue = (issue: { code?: string }): MessageId =>
  issue.code === 'unrecognized_keys' ? 'error.unknownKeys' : 'error.invalidData';

/**
 * Characters that no text field takes: the C0 controls (NUL among them: PostgreSQL refuses it in
 * text), DEL and the C1 controls. Multi-line fields also take line feeds and tabs.
 * One character class, no alternation: linear on any input.
 */
// eslint-disable-next-line no-control-regex -- matching control characters is the point
export const CONTROL_CHARACTERS = /[\u0000-\u001F\u007F-\u009F]/;
// eslint-disable-next-line no-control-regex -- as above
export const CONTROL_CHARACTERS_BUT_LINES = /[\u0000-\u0008\u000B-\u001F\u007F-\u009F]/;

export const hasControlCharacters = (value: string, multiline = false) =>
  (multiline ? CONTROL_CHARACTERS_BUT_LINES : CONTROL_CHARACTERS).test(value);

/**
 * A plain address: local part, '@', dot-separated domain labels. No spaces, quotes, angle
 * brackets, commas, semicolons, colons, parentheses, brackets, backslashes or controls, so display
 * names ('x<victim@example.com>') and lists ('a,b@c.d') are refused.
 * Linear: every class excludes the separator that follows it ('@' or '.'), so there is only one way
 * to split an input and a failing match never backtracks over it again.
 */
const ADDRESS_CHAR = String.raw`[^\s@"<>,;:()[\]\\\u0000-\u001F\u007F-\u009F]`;
const LABEL_CHAR = String.raw`[^\s@"<>,;:()[\]\\.\u0000-\u001F\u007F-\u009F]`;
export const EMAIL_PATTERN = new RegExp(`^${ADDRESS_CHAR}+@${LABEL_CHAR}+(?:\\.${LABEL_CHAR}+)+$`);

/** The email check of the light screens: the length first, so the pattern never sees long input. */
export const isEmail = (value: string) => {
  const trimmed = value.trim();
  return trimmed.length <= EMAIL_MAX && EMAIL_PATTERN.test(trimmed);
};

/** UTF-8 size of a string, counted without building it (works in the browser too). */
export function utf8ByteLength(value: string): number {
  let bytes = 0;
  for (let i = 0; i < value.length; i++) {
    const unit = value.charCodeAt(i);
    if (unit < 0x80) bytes += 1;
    else if (unit < 0x800) bytes += 2;
    else if (isHighSurrogate(unit) && isLowSurrogate(value.charCodeAt(i + 1))) {
      bytes += 4;
      i++;
    } else bytes += 3; // the rest of the BMP, and a lone surrogate (sent as U+FFFD)
  }
  return bytes;
}

const isLowSurrogate = (unit: number) => unit >= 0xdc00 && unit <= 0xdfff;
const isHighSurrogate = (unit: number) => unit >= 0xd800 && unit <= 0xdbff;

/**
 * False when a surrogate has no partner. Such a string reaches UTF-8 (and bcrypt) as U+FFFD, so two
 * different passwords would hash alike.
 */
export function isWellFormedText(value: string): boolean {
  for (let i = 0; i < value.length; i++) {
    const unit = value.charCodeAt(i);
    if (isHighSurrogate(unit) && isLowSurrogate(value.charCodeAt(i + 1))) i++;
    else if (isHighSurrogate(unit) || isLowSurrogate(unit)) return false;
  }
  return true;
}
