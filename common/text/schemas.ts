// The one schema for text that comes in (bodies, query strings): bounded first, then free of
// control characters, then trimmed. zod runs a string's checks in order and, without `abort`,
// keeps running them after one failed; here a failed length check stops the rest, so no later
// check or pattern ever reads more than `max` characters.
// Every message is a catalogue id (`msg`), worded in the reader's language where it is shown.
import { z } from 'zod';
import type { MessageId } from '../i18n/catalogues.js';
import { FORBIDDEN_CHARACTERS, hasControlCharacters, unwordedIssue } from './limits.js';

// Zod's own messages in Spanish for any parse without an `error` of ours (route() and the forms
// give one: limits.ts `unwordedIssue`). Here, where every request schema starts.
z.config(z.locales.es());

/** A schema's message: a catalogue id, so a typo fails the typecheck. */
export const msg = (id: MessageId): MessageId => id;

export interface TextOptions {
  /** Longest accepted input, counted before trimming (the bound on work). */
  max: number;
  tooLong: MessageId;
  /** Message (or zod's error option) when the value is missing or not a string. */
  notText?: MessageId | { error: (issue: { input?: unknown }) => MessageId };
  /** Descriptions and the like: line feeds and tabs allowed. */
  multiline?: boolean;
  /** Keep surrounding spaces (passwords). */
  keepSpaces?: boolean;
}

export function textSchema({ max, tooLong, notText, multiline = false, keepSpaces }: TextOptions) {
  const checked = z
    .string(notText)
    .max(max, { error: tooLong, abort: true })
    .refine((value) => !hasControlCharacters(value, multiline), {
      error: FORBIDDEN_CHARACTERS,
      abort: true,
    });
  return keepSpaces ? checked : checked.trim();
}

/** Says "missing" and "wrong" apart. */
export const messages = (missing: MessageId, invalid: MessageId) => ({
  error: (issue: { input?: unknown }) => (issue.input === undefined ? missing : invalid),
});

/** Text that must be given: `missing` when absent or blank, `invalid` when it is no text. */
export function requiredText(
  max: number,
  tooLong: MessageId,
  missing: MessageId,
  invalid: MessageId,
) {
  return textSchema({ max, tooLong, notText: messages(missing, invalid) }).min(1, missing);
}

/** Optional free text: missing or blank means "none" (null). */
export function optionalText(max: number, tooLong: MessageId, multiline = false) {
  return textSchema({ max, tooLong, notText: 'error.text.notText', multiline })
    .nullish()
    .transform((value) => (value ? value : null));
}

/** An optional address (a link, a picture): blank means "none" (null), else `isValid` decides. */
export function optionalAddress(
  max: number,
  tooLong: MessageId,
  invalid: MessageId,
  isValid: (value: string) => boolean,
) {
  return textSchema({ max, tooLong, notText: invalid })
    .refine((value) => value === '' || isValid(value), invalid)
    .nullish()
    .transform((value) => (value ? value : null));
}

/**
 * A list refused by its length before any item is looked at (zod checks the items first, and one
 * issue per bad item of a long list is real work); `list` then checks the items. `notList` is the
 * message for a value that is no list ('error.invalidData' when omitted).
 */
export function boundedArray<T extends z.ZodType<unknown, unknown[]>>(
  max: number,
  tooMany: MessageId,
  list: T,
  notList?: MessageId,
) {
  return z.array(z.unknown(), notList).max(max, { error: tooMany, abort: true }).pipe(list);
}

/**
 * A list of up to `max` items that stops at the first bad item, with that item's message. zod's
 * array reports every bad item, and each issue is real work (`npm run bench -- input`).
 */
export function boundedList<T>(
  max: number,
  tooMany: MessageId,
  item: z.ZodType<T>,
  notList?: MessageId,
) {
  return z
    .array(z.unknown(), notList)
    .max(max, { error: tooMany, abort: true })
    .transform((list, ctx) => {
      const items: T[] = [];
      for (const value of list) {
        // A parse of its own: the outer parse's `error` does not reach it.
        const parsed = item.safeParse(value, { error: unwordedIssue });
        if (!parsed.success) {
          const message = parsed.error.issues[0]?.message ?? msg('error.text.badList');
          ctx.issues.push({ code: 'custom', message, input: value });
          return z.NEVER;
        }
        items.push(parsed.data);
      }
      return items;
    });
}
