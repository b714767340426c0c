// A submission checked by the API's own schemas (common/submissions/schemas.ts, so zod): /publica loads this
// module apart, after the page, and the moderation review with the admin panel.
import { submissionFormSchema, VENUE_MISSING } from '@common/submissions/schemas';
import type { VenueOption } from '@/components/concert-fields/venueChoice';
import { fieldOf, mapChecked, parseDraft, type Issue } from '@/lib/parseDraft';
import { submissionTexts, type SubmissionText } from './submissionDraft';

/** The venue's issues mark the venue, but a named new venue without its town marks the town. */
export const submissionFieldAt =
  <Fields extends SubmissionText>(fields: Fields) =>
  (issue: Issue): (keyof Fields & string) | null => {
    const [key] = issue.path;
    if (key === 'venueId' || key === 'venueName') {
      const townMissing = issue.message === VENUE_MISSING && fields.venue.trim() !== '';
      return townMissing ? 'venueTown' : 'venue';
    }
    return fieldOf(fields)(issue);
  };

/** /publica's form: the texts to send as typed, once the schema accepts them with the form's token. */
export function checkPublished(
  fields: SubmissionText,
  known: VenueOption | undefined,
  token: string,
) {
  const texts = submissionTexts(fields, known);
  const request = { ...texts, formToken: token };
  return mapChecked(
    parseDraft(submissionFormSchema, request, submissionFieldAt(fields)),
    () => texts,
  );
}
