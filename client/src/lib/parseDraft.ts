// A form's request checked by the API's own zod schema before it is sent, so the browser and the
// server judge it by one set of rules. Only types come from zod here: the schema is passed in by
// the form's chunk, and the pages that check nothing never load zod.
import type { z } from 'zod';
import type { MessageId } from '@common/i18n/catalogues';
import { unwordedIssue } from '@common/text/limits';

/**
 * A form's first problem: the field to mark and focus (null when no field shows it), and why (a
 * catalogue id, worded with `useText()` where it is shown).
 */
export type Problem<Field extends string> = readonly [field: Field | null, message: MessageId];

/** What a form's check gives: the request to send, or its first problem. */
export type Checked<Data, Field extends string> =
  { data: Data; problem?: undefined } | { data?: undefined; problem: Problem<Field> };

/** A request as a form builds it: the schema's keys, with values still as typed. */
export type DraftOf<Schema extends z.ZodType> = { [Key in keyof z.input<Schema>]?: unknown };

export interface Issue {
  path: readonly PropertyKey[];
  message: string;
}

/** Blank text counts as missing, so a required field says "Indica…" rather than naming a format. */
function blankAsMissing(value: unknown): unknown {
  if (typeof value === 'string') return value.trim() === '' ? undefined : value;
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return value;
  return Object.fromEntries(
    Object.entries(value).map(([key, item]) => [key, blankAsMissing(item)]),
  );
}

/** The parsed request (what the server will read), or the first issue on the field it names. */
export function parseDraft<Schema extends z.ZodType, Field extends string>(
  schema: Schema,
  request: DraftOf<Schema>,
  fieldAt: (issue: Issue) => Field | null,
): Checked<z.output<Schema>, Field> {
  const result = schema.safeParse(blankAsMissing(request), { error: unwordedIssue });
  if (result.success) return { data: result.data };
  const issue = result.error.issues[0];
  // Every message is an id: the schemas' own, or unwordedIssue's.
  return {
    problem: [issue ? fieldAt(issue) : null, (issue?.message ?? 'error.invalidData') as MessageId],
  };
}

/** The issue's top-level key, when the form has a field of that name. */
export const fieldOf =
  <Fields extends object>(fields: Fields) =>
  ({ path }: Pick<Issue, 'path'>): (keyof Fields & string) | null => {
    const key = path[0];
    return typeof key === 'string' && key in fields ? (key as keyof Fields & string) : null;
  };

/** The same check with its request turned into another (an edit form's changes). */
export const mapChecked = <Data, Next, Field extends string>(
  checked: Checked<Data, Field>,
  next: (data: Data) => Next,
): Checked<Next, Field> => (checked.problem ? checked : { data: next(checked.data) });
