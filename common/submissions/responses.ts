// The submissions' answers (the public form's list of venues, the moderation queue, a review), as
// zod schemas: the OpenAPI document is generated from them; types.ts derives their types.
import { z } from 'zod';
import { SUBMISSION_STATUSES } from './limits.js';

/** An ISO 8601 instant, or null when it never happened. */
const instantOrNull = z.string().nullable();

/** One submission as the moderation queue shows it (GET /api/admin/submissions, and by id). */
export const submissionSchema = z
  .object({
    id: z.number().int(),
    status: z.enum(SUBMISSION_STATUSES),
    bandName: z.string(),
    email: z.string(),
    spotifyUrl: z.string().nullable(),
    genre: z.string(),
    day: z.string(),
    hour: z.string(),
    /** A venue of the list, or null for a new one (venueName, venueTown). */
    venueId: z.number().int().nullable(),
    venueName: z.string(),
    venueTown: z.string().nullable(),
    price: z.string(),
    /** Where tickets are sold, as the band gave it (null: not given). */
    ticketUrl: z.string().nullable(),
    description: z.string().nullable(),
    imageUrl: z.string().nullable(),
    /** False for a submission queued before addresses were confirmed: its review mails nobody. */
    emailConfirmed: z.boolean(),
    reason: z.string().nullable(),
    concertId: z.number().int().nullable(),
    createdAt: z.string(),
    reviewedAt: instantOrNull,
  })
  .meta({ id: 'Submission' });

export const submissionListResponseSchema = z
  .object({ submissions: z.array(submissionSchema) })
  .meta({ id: 'SubmissionList' });

/** A venue of the public form's list. */
export const submissionVenueSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  town: z.string(),
});

/** GET /api/submissions/form: the signed token to send back and the venues to pick from. */
export const submissionFormResponseSchema = z
  .object({ token: z.string(), venues: z.array(submissionVenueSchema) })
  .meta({ id: 'SubmissionForm' });

/** Approve, reject and spam: what happened, and the concert made by an approval. */
export const submissionReviewResponseSchema = z
  .object({
    message: z.string(),
    concertId: z.number().int().nullable(),
    /**
     * The mail to the band: 'failed' when it could not be sent (the review stands), 'none' when
     * none was due (spam, or an address nobody confirmed).
     */
    mail: z.enum(['sent', 'failed', 'none']),
  })
  .meta({ id: 'SubmissionReview' });
