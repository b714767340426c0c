// The admin forms' checks: the API's own zod schemas run on the request a form stands for, before
// it is sent; the first issue marks its field. Only the admin and /publica chunks load zod.
import {
  bandCreateSchema,
  concertCreateSchema,
  linkCreateSchema,
  venueCreateSchema,
} from '@common/admin/schemas';
import type { AdminVenueDto } from '@common/admin/types';
import {
  sourceCreateSchema,
  waitingApproveSchema,
  type SourceCreateInput,
} from '@common/sources/schemas';
import { submissionEditSchema } from '@common/submissions/schemas';
import type { ConcertText } from '@/components/concert-fields/useConcertDraft';
import { fieldOf, parseDraft, type Checked } from '@/lib/parseDraft';
import { submissionFieldAt } from '@/features/submissions/submissionCheck';
import { submissionTexts, type SubmissionText } from '@/features/submissions/submissionDraft';

/** A concert as the admin's forms hold it. */
export interface AdminConcertText extends ConcertText {
  venueAddress: string;
  venueWebsite: string;
  name: string;
  imageUrl: string;
}

/** The fields of the concert form that show a new venue's issues. */
const NEW_VENUE_FIELDS: Record<string, keyof AdminConcertText> = {
  name: 'venue',
  town: 'venueTown',
  address: 'venueAddress',
  website: 'venueWebsite',
};

/** A concert at a listed venue (by its id) or at a new one, added with it. */
export function checkConcert(fields: AdminConcertText, known: AdminVenueDto | undefined) {
  const venue = known
    ? { venueId: known.id }
    : {
        newVenue: {
          name: fields.venue,
          town: fields.venueTown,
          address: fields.venueAddress,
          website: fields.venueWebsite,
        },
      };
  return parseDraft(
    concertCreateSchema,
    {
      day: fields.day,
      genre: fields.genre,
      hour: fields.hour,
      price: fields.price,
      ticketUrl: fields.ticketUrl,
      name: fields.name,
      description: fields.description,
      imageUrl: fields.imageUrl,
      ...venue,
    },
    ({ path: [key, inner] }) => {
      if (key === 'newVenue') return NEW_VENUE_FIELDS[String(inner)] ?? 'venue';
      // The one-venue rule is the whole request's, with no path of its own.
      if (key === undefined || key === 'venueId') return 'venue';
      return fieldOf(fields)({ path: [key] });
    },
  );
}

export interface BandText {
  name: string;
  spotifyUrl: string;
  imageUrl: string;
}

export const checkBand = (fields: BandText, genres: string[]) =>
  parseDraft(bandCreateSchema, { ...fields, genres }, fieldOf(fields));

export interface LinkText {
  concertId: string;
  bandId: string;
}

export const checkLink = (fields: LinkText) =>
  parseDraft(linkCreateSchema, fields, fieldOf(fields));

/** A venue as its forms hold it: blank means "none" for the optional fields. */
export interface VenueText {
  name: string;
  town: string;
  address: string;
  website: string;
  lat: string;
  lon: string;
}

export const checkVenue = (fields: VenueText) =>
  parseDraft(venueCreateSchema, fields, fieldOf(fields));

/** A submission as the review holds it: the sender's fields and the picture's address. */
export interface ReviewText extends SubmissionText {
  imageUrl: string;
}

export const checkReview = (fields: ReviewText, known: AdminVenueDto | undefined) =>
  parseDraft(
    submissionEditSchema,
    { ...submissionTexts(fields, known), imageUrl: fields.imageUrl },
    submissionFieldAt(fields),
  );

/** A source as its forms hold it: the default venue by name, `mode` 'review' or 'direct'. */
export interface SourceText {
  url: string;
  name: string;
  venue: string;
  genre: string;
  mode: string;
}

/**
 * A new source (the edit sends the changes of the same request). A default venue must be one of
 * the list: a new one is added in 'Salas' (a feed of one venue names a venue we have).
 */
export function checkSource(
  fields: SourceText,
  known: AdminVenueDto | undefined,
): Checked<SourceCreateInput, keyof SourceText> {
  if (fields.venue.trim() !== '' && !known) return { problem: ['venue', 'error.venue.badChoice'] };
  return parseDraft(
    sourceCreateSchema,
    {
      url: fields.url,
      name: fields.name,
      review: fields.mode !== 'direct',
      genre: fields.genre === '' ? null : fields.genre,
      venueId: known ? known.id : null,
    },
    ({ path }) => (path[0] === 'venueId' ? 'venue' : fieldOf(fields)({ path })),
  );
}

/** What an admin fills in to publish a waiting event; blank is "as the source says". */
export interface ApprovalText {
  hour: string;
  venue: string;
  venueTown: string;
  genre: string;
  price: string;
}

/** The approval: a venue of the list by its id, a new one with its town, or none (the matched). */
export function checkApproval(fields: ApprovalText, known: AdminVenueDto | undefined) {
  const name = fields.venue.trim();
  const venue = known
    ? { venueId: known.id }
    : name
      ? { newVenue: { name, town: fields.venueTown } }
      : {};
  return parseDraft(
    waitingApproveSchema,
    { hour: fields.hour, genre: fields.genre, price: fields.price, ...venue },
    ({ path: [key, inner] }) => {
      if (key === 'newVenue') return inner === 'town' ? 'venueTown' : 'venue';
      if (key === undefined || key === 'venueId') return 'venue';
      return fieldOf(fields)({ path: [key] });
    },
  );
}
