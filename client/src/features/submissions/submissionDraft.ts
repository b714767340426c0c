// What /publica and the moderation review share about a submission: its text fields (the band's,
// then the concert's) and the request they stand for. Without zod: /publica loads it at once.
import type { ConcertText } from '@/components/concert-fields/useConcertDraft';
import type { VenueOption } from '@/components/concert-fields/venueChoice';

export interface SubmissionText extends ConcertText {
  bandName: string;
  email: string;
  spotifyUrl: string;
}

/** The request's text fields: a listed venue by its id, a new one by its name and town. */
export function submissionTexts(fields: SubmissionText, known: VenueOption | undefined) {
  return {
    bandName: fields.bandName,
    email: fields.email,
    spotifyUrl: fields.spotifyUrl,
    genre: fields.genre,
    day: fields.day,
    hour: fields.hour,
    venueId: known ? String(known.id) : '',
    venueName: known ? '' : fields.venue,
    venueTown: known ? '' : fields.venueTown,
    price: fields.price,
    ticketUrl: fields.ticketUrl,
    description: fields.description,
  };
}
